declare module "s3rver" {
  import type { IncomingMessage, ServerResponse } from "node:http";
  interface Options {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  export default class S3rver {
    constructor(options?: Options);
    /** Creates the configured buckets (and applies their configs) without starting a server. */
    configureBuckets(): Promise<void>;
    /** The request handler, for a server of one's own. */
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}

declare module "dynalite" {
  import type { Server } from "node:http";
  interface Options {
    path?: string;
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
    maxItemSizeKb?: number;
  }
  export default function dynalite(options?: Options): Server;
}

/** ElectroDB's wrapper of a v3 document client (electrodb/src/client.js; the package has no `exports` map). */
declare module "electrodb/src/client.js" {
  export class DocumentClientV3Wrapper {
    constructor(client: unknown, lib: Record<string, new (input: never) => unknown>);
  }
}

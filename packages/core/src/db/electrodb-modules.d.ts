/**
 * ElectroDB's own modules, imported one by one (the package has no `exports` map): its index would
 * also load the Service and transactions, and wrap the client with the whole of lib-dynamodb.
 */
declare module "electrodb/src/entity.js" {
  export { Entity } from "electrodb";
}
declare module "electrodb/src/conversions.js" {
  export { createConversions } from "electrodb";
}
/** ElectroDB's wrapper of a v3 document client. */
declare module "electrodb/src/client.js" {
  export class DocumentClientV3Wrapper {
    constructor(client: unknown, lib: Record<string, new (input: never) => unknown>);
  }
}

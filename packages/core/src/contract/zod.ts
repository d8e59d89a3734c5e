import { config } from "zod/mini";
import en from "zod/v4/locales/en.js";

/**
 * The repository's one zod: zod/mini, the functional API (`z.optional(z.string().check(z.maxLength(5)))`),
 * about 14 KB where zod's classic chained API is about 100 KB in every function that loads a schema.
 * Every schema (the contract, the server's cursors) and every reference to zod imports it from here,
 * as a namespace, `import * as z from "./zod"`: a bundler then keeps only the parts used (a namespace
 * passed on as a value, or read through `z.core`, would bring all of zod, its locales included).
 *
 * Every composite schema a module defines at its top (an object, a union, a tuple: tens of zod
 * instances each) is built on its first use, `z.lazy(() => z.object({...}))`, and a shape shared by
 * several is a function that builds it (`const fields = () => ({...})`). Each function loads the
 * contract modules of every route its code reaches, so building them all at import was most of
 * zod's part of a cold start (about 7 of the 12 ms the contract took, `npm run bench:lambda`); a
 * request now builds the few it parses with. contract.test.ts holds every module to it.
 *
 * zod classic sets English messages itself; zod/mini leaves an issue without a message of ours at
 * "Invalid input" until a locale is set, so it is set here: the messages are those classic gave.
 */
config(en());

export * from "zod/mini";
/**
 * What `parse` throws, for `instanceof`: zod/mini offers it only inside its `core` namespace, and a
 * bundler cannot take one member out of a namespace reached through another (`z.core.$ZodError`
 * would bring all of zod's core, about 150 KB, and every locale, about 260).
 */
export { $ZodError } from "zod/v4/core";

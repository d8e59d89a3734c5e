import * as z from "zod/mini";
import en from "zod/v4/locales/en.js";

/**
 * The repository's one zod: zod/mini, the functional API (`z.optional(z.string().check(z.maxLength(5)))`),
 * about 14 KB where zod's classic chained API is about 100 KB in every function that loads a schema.
 * Every schema (the contract, the server's cursors) and every reference to zod imports it from here.
 *
 * zod classic sets English messages itself; zod/mini leaves an issue without a message of ours at
 * "Invalid input" until a locale is set, so it is set here: the messages are those classic gave.
 */
z.config(en());

export { z };

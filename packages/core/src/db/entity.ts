import { Entity } from "electrodb";
import { config } from "../config";

/**
 * ElectroDB's Entity, as every entity module imports it. ElectroDB checks each model against its
 * JSON schema (jsonschema, twice per model: the beta schema, then v1) whenever an Entity is built;
 * for our eighteen models that is about a third of a function's cold start (65 of 200 ms of CPU
 * measured with `npm run bench:lambda`), spent proving again, at every cold start, what the same
 * code proved in every test run and local start. So a deployed function trusts the models and
 * skips that check; tests, `npm start` and the deploy's synthesis keep it (db/entity.test.ts).
 */
type ValidatingEntity = { _validateModel(model: unknown): void };
export const modelValidation = Entity.prototype as unknown as ValidatingEntity;

if (config.inLambda) modelValidation._validateModel = () => {};

export { Entity };

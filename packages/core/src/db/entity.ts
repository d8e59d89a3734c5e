import { Entity as ElectroEntity } from "electrodb";
import { config } from "../config";

/**
 * ElectroDB's Entity, as every entity module imports it (`new Entity({ model, attributes, indexes })`).
 *
 * ElectroDB checks each model against its JSON schema (jsonschema, twice per model: the beta schema,
 * then v1) whenever an Entity is built; for our models that was about a third of a function's cold
 * start (65 of 200 ms of CPU measured with `npm run bench:lambda`), spent proving again, at every cold
 * start, what the same code proved in every test run and local start. So a deployed function trusts
 * the models and skips that check; tests, `npm start` and the deploy's synthesis keep it
 * (db/entity.test.ts).
 */
type ValidatingEntity = { _validateModel(model: unknown): void };
export const modelValidation = ElectroEntity.prototype as unknown as ValidatingEntity;

if (config.inLambda) modelValidation._validateModel = () => {};

/**
 * Building an entity (parsing its model into schema, indexes and query chains) costs about 2 ms of
 * CPU each even without the check, and every function's bundle holds every entity (the registry in
 * db/service.ts). So in Lambda an entity is built on its first use, by a request that reads or writes
 * it: a cold start builds none. What `new Entity(...)` returns is a stand-in that builds the ElectroDB
 * Entity on first access and from then on hands every property read and write to it, its methods
 * bound to it (so `this` inside ElectroDB is always the real entity). Everywhere else (tests,
 * `npm start`, synthesis) the entity is built at once, so a broken model still fails at import.
 */
const Build = ElectroEntity as unknown as new (...args: unknown[]) => object;
function LazyEntity(this: unknown, ...args: unknown[]) {
  let entity: object | undefined;
  const built = () => (entity ??= new Build(...args));
  if (!config.inLambda) built();
  const methods = new Map<unknown, unknown>();
  return new Proxy(Object.create(ElectroEntity.prototype) as object, {
    get(_, key) {
      const real = built();
      const value: unknown = Reflect.get(real, key, real);
      if (typeof value !== "function") return value;
      let method = methods.get(value);
      if (!method) methods.set(value, (method = (value as (...a: unknown[]) => unknown).bind(real)));
      return method;
    },
    set: (_, key, value) => Reflect.set(built(), key, value),
    has: (_, key) => Reflect.has(built(), key),
  });
}

export const Entity = LazyEntity as unknown as typeof ElectroEntity;

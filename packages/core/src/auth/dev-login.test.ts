import { afterEach, describe, expect, it } from "vitest";
import { config } from "../config";

const saved = { dev: process.env.DEV_LOGIN, fn: process.env.AWS_LAMBDA_FUNCTION_NAME };
afterEach(() => {
  for (const [k, v] of [
    ["DEV_LOGIN", saved.dev],
    ["AWS_LAMBDA_FUNCTION_NAME", saved.fn],
  ] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe("Development Login", () => {
  it("is on only when DEV_LOGIN=1 and the code is not running in Lambda", () => {
    delete process.env.AWS_LAMBDA_FUNCTION_NAME;
    delete process.env.DEV_LOGIN;
    expect(config.devLogin).toBe(false);
    process.env.DEV_LOGIN = "1";
    expect(config.devLogin).toBe(true);
    process.env.AWS_LAMBDA_FUNCTION_NAME = "prod-Auth";
    expect(config.devLogin).toBe(false);
  });
});

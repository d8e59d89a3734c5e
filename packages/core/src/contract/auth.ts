import { z } from "zod";

export const adminLoginInput = z.object({
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required").max(100),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(1024),
});

export const sessionExchangeInput = z.object({
  code: z.string({ error: "code is required" }).min(1, "code is required").max(4096),
  state: z.string({ error: "state is required" }).min(1, "state is required").max(1024),
});

import { HttpError } from "@agency/core/errors";
import { http } from "../http";

const notYet = async () => {
  throw new HttpError(501, "Sign-in is not available yet");
};

/** Sign-in and sessions. */
export const handler = http({
  "GET /api/users/me": async () => {
    throw new HttpError(401, "Not signed in");
  },
  "GET /api/logout": notYet,
  "GET /api/oauth/google/redirect_url": notYet,
  "POST /api/sessions": notYet,
  "GET /api/auth/config": async () => ({ devLogin: false, google: false, password: false }),
  "POST /api/auth/dev-login": notYet,
  "POST /api/admin/login": notYet,
  "GET /api/admin/me": notYet,
});

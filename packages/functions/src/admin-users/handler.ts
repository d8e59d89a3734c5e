import { Users } from "@agency/core/users/users";
import { http } from "../http";

export const handler = http({
  "GET /api/admin/users": () => Users.listAll(),
  "DELETE /api/admin/users/{id}": async ({ params }) => {
    await Users.remove(params.id ?? "");
    return { success: true };
  },
});

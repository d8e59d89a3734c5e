import * as z from "zod";
import { ContactSubmissions } from "@agency/core/contact/contact";
import { http } from "../http";

const statusInput = z.object({ is_read: z.boolean({ error: "is_read must be true or false" }) });

export const handler = http({
  "GET /api/admin/contact-submissions": () => ContactSubmissions.listAll(),
  "PUT /api/admin/contact-submissions/mark-all-read": async () => ({
    success: true,
    updated: await ContactSubmissions.markAllRead(),
  }),
  "PUT /api/admin/contact-submissions/{id}/status": (req) =>
    ContactSubmissions.setRead(req.params.id ?? "", req.body(statusInput).is_read),
  "DELETE /api/admin/contact-submissions/{id}": async ({ params }) => {
    await ContactSubmissions.remove(params.id ?? "");
    return { success: true };
  },
});

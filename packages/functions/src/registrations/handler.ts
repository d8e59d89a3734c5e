import { COURSE_INTEREST_MESSAGE, isFixedCourseChoice } from "@agency/core/contract/academy";
import { registrationInput } from "@agency/core/contract/registrations";
import { Courses } from "@agency/core/catalog/catalog";
import { HttpError } from "@agency/core/errors";
import { PUBLIC_WRITE_LIMIT, rateLimit } from "@agency/core/rate-limit/rate-limit";
import { Registrations } from "@agency/core/registrations/registrations";
import { http, reply } from "../http";

export const handler = http({
  "POST /api/course-registrations": async (req) => {
    await rateLimit("registration", req.ip, PUBLIC_WRITE_LIMIT.count, PUBLIC_WRITE_LIMIT.windowSeconds);
    const { website, ...input } = req.body(registrationInput);
    // A filled honeypot gets the same answer as a person, and nothing is stored.
    if (website) return reply.json({ success: true }, 201);
    // The dialog offers the active courses of Course Management, the learning paths and "Not sure"
    // (SPEC §5): anything else (a course since deactivated or deleted, a made-up title) is refused.
    const course = input.course_interest;
    if (!isFixedCourseChoice(course) && !(await Courses.listActive()).some((c) => c.title === course)) {
      throw new HttpError(400, "Validation failed", { fields: { course_interest: COURSE_INTEREST_MESSAGE } });
    }
    await Registrations.create(input);
    return reply.json({ success: true }, 201);
  },
});

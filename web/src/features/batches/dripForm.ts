import { z } from "zod";
import { isTimeZone } from "../../lib/dates";

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The drip rule as typed (text values); sites are chosen apart. */
export const dripFormSchema = z
  .object({
    startDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Please choose a start date"),
    perPeriod: z
      .string()
      .trim()
      .regex(/^\d+$/, "Enter a whole number")
      .transform(Number)
      .pipe(z.number().min(1, "Publish at least 1").max(100, "Publish at most 100")),
    period: z.enum(["day", "week"], { error: "Choose per day or per week" }),
    windowStart: z.string().regex(TIME, "Please set when the window opens"),
    windowEnd: z.string().regex(TIME, "Please set when the window closes"),
    timeZone: z.string().trim().min(1, "Please choose a time zone").refine(isTimeZone, "Unknown time zone"),
    postStatus: z.enum(["publish", "draft"], { error: "Choose how the posts arrive" }),
  })
  .refine((rule) => !TIME.test(rule.windowStart) || !TIME.test(rule.windowEnd) || rule.windowEnd > rule.windowStart, {
    path: ["windowEnd"],
    message: "The window must close after it opens (on the same day)",
  });


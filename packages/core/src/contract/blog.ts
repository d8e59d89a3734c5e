import * as z from "zod";
import { blogCategories } from "./blog-values";
import { optionalText, optionalUrl } from "./common";

export const blogPostInput = z.object({
  title: z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(300),
  slug: z
    .string({ error: "Slug is required" })
    .trim()
    .min(1, "Slug is required")
    .max(200)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Slug may contain only lowercase letters, digits and single hyphens"),
  content: z.string({ error: "Content is required" }).trim().min(1, "Content is required").max(200_000),
  excerpt: optionalText(1000),
  category: z
    .union([z.enum(blogCategories), z.literal("")], { error: "Unknown category" })
    .nullish()
    .transform((v) => v ?? ""),
  featured_image_url: optionalUrl,
  author_name: optionalText(200),
  is_published: z.boolean({ error: "Must be true or false" }).default(false),
});
export type BlogPostInput = z.input<typeof blogPostInput>;

export const publishInput = z.object({ is_published: z.boolean({ error: "is_published must be true or false" }) });

// The blog's posts, rendered from content/blog/*.md at build time (blog.ts).
declare module "virtual:blog" {
  export const posts: { slug: string; title: string; date: string; summary: string; html: string }[];
}

// Public entry of the blog engine (drafts, pipeline, queue). Code outside this folder imports the feature through
// this file only (.dependency-cruiser.cjs enforces it). The language-model providers live in ./llm with their own entry.
export { blogRoutes } from './blog.routes.js';
export { type BlogEngine, createBlogEngine } from './blog-engine.js';
// For the tool server's generate_blog tool: the same function POST /api/blog/generate calls.
export { generateDraft } from './blog.service.js';

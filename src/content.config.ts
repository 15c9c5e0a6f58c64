/**
 * The content collections: where each one's files are, and its schema from src/lib/content-schemas.ts
 * (a plain module, so tests and the owner's editor read the same rules). The services collection
 * reads two folders, so each holds one shape for the editor: the detail pages in services/, the
 * group and emergency pages in service-pages/; an entry's id is its bare file name either way.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import {
  areaSchema,
  pageSchema,
  projectSchema,
  serviceSchema,
  testimonialSchema,
} from './lib/content-schemas.ts';

/** The file name without its folder or extension, which the routes and links use */
const fileName = ({ entry }: { entry: string }) =>
  entry.replace(/^.*\//, '').replace(/\.(?:ya?ml|md)$/, '');

const services = defineCollection({
  loader: glob({
    pattern: ['services/*.yaml', 'service-pages/*.yaml'],
    base: './src/content',
    generateId: fileName,
  }),
  schema: serviceSchema,
});

const areas = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/areas' }),
  schema: areaSchema,
});

const projects = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './src/content/projects' }),
  schema: ({ image }) => projectSchema(image),
});

const testimonials = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './src/content/testimonials' }),
  schema: testimonialSchema,
});

const pages = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './src/content/pages' }),
  schema: pageSchema,
});

export const collections = { services, areas, projects, testimonials, pages };

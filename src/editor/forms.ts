/**
 * The editor's forms described from the content schemas, each collection and single file from its
 * own. Loaded only in Node: the page describes them at build time and hands the description to
 * the browser's editor; the server makes its config from the same description with the same
 * function (config.ts), so the server checks a save against the form the owner saw.
 */
import type { Config } from '@keystatic/core';
import { z } from 'zod';
import { businessSchema } from '../config/business.ts';
import {
  areaSchema,
  projectSchema,
  serviceDetailSchema,
  testimonialSchema,
} from '../lib/content-schemas.ts';
import { editorConfigOf } from './config.ts';
import { describeForm } from './form-description.ts';
import type { EditorForms } from './form-spec.ts';

export const editorForms: EditorForms = {
  collections: {
    // The editor uploads a photo and stores its path as text, which the build's image() then reads
    projects: describeForm(projectSchema(z.string), 'projects'),
    testimonials: describeForm(testimonialSchema, 'testimonials'),
    services: describeForm(serviceDetailSchema, 'services'),
    areas: describeForm(areaSchema, 'areas'),
  },
  singletons: { business: describeForm(businessSchema, 'business') },
};

/** The config the browser's editor makes from `editorForms`, made here for the server */
export const editorConfig: Config = editorConfigOf(editorForms);

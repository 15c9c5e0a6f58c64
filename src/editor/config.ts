/**
 * The content editor (Keystatic, at /owner/content): which files the owner may change, and the
 * form for each, made from the description of the content schemas (forms.ts), so its fields,
 * limits and words are the schemas' own. Here is only what the editor alone knows: where each
 * collection's files are, what its list shows, and which field names a new entry's file. The
 * browser's editor, given the description by its page, and the server's API handler both make
 * their config here.
 */
import { fields, type Config } from '@keystatic/core';
import { areaFileNameOf, areaFileNames } from '../lib/area-files.ts';
import type { EditorForms } from './form-spec.ts';
import { collectionFrom, fileNameOf, singletonFrom } from './keystatic-fields.ts';

/** A new area page's file name: the route table's for its area, else made from the name (which the list of names then refuses) */
const areaFileName = (name: string) => areaFileNameOf(name) ?? `electrician-${fileNameOf(name)}`;

/** The editor's config, made from its forms' description; typed as any Keystatic config, as the UI and the API handler take it */
export const editorConfigOf = (forms: EditorForms): Config => ({
  storage: { kind: 'local' },
  ui: {
    brand: { name: 'Website' },
    navigation: {
      'Your work': ['projects', 'testimonials'],
      'Services and areas': ['services', 'areas'],
      Business: ['business'],
    },
  },
  collections: {
    // The editor uploads a photo and stores its path, which the build's image() then reads
    projects: collectionFrom(forms.collections.projects, {
      label: 'Projects (past jobs)',
      path: 'src/content/projects/*',
      format: { data: 'yaml' },
      // One column beside the title, which needs the room on a phone
      columns: ['suburb'],
      fileName: {
        from: 'title',
        description: 'Made from the title for a new job; the site tells jobs apart by it.',
      },
    }),
    testimonials: collectionFrom(forms.collections.testimonials, {
      label: 'Reviews',
      path: 'src/content/testimonials/*',
      format: { data: 'yaml' },
      columns: ['suburb'],
      fileName: {
        from: 'author',
        description: 'Made from the name for a new review; the site tells reviews apart by it.',
      },
    }),
    // src/content/services holds the detail pages alone
    services: collectionFrom(forms.collections.services, {
      label: 'Services',
      path: 'src/content/services/*',
      format: { data: 'yaml' },
      columns: ['group'],
      fileName: {
        from: 'title',
        description:
          'The end of the page’s address (/services/ceiling-fans). Changing it breaks links to the old address.',
      },
    }),
    areas: collectionFrom(forms.collections.areas, {
      label: 'Area pages',
      path: 'src/content/areas/*',
      format: { contentField: 'body' },
      entryLayout: 'content',
      columns: ['region'],
      fileName: {
        from: 'areaName',
        description:
          'The end of the page’s address (/areas/electrician-howick). Changing it breaks links to the old address.',
        generate: areaFileName,
        // The build refuses an area page the route table has no address for
        pattern: {
          regex: new RegExp(`^(?:${areaFileNames.join('|')})$`),
          message: `Use the address of one of the site’s area pages: ${areaFileNames.join(', ')}. A new area needs its address added to the site first.`,
        },
      },
      extraFields: {
        body: {
          before: 'areaServed',
          field: fields.markdoc({
            label: 'The page’s story',
            description: 'The longer text under the top of the page, with ## headings and lists.',
            extension: 'md',
            options: {
              image: false,
              table: false,
              codeBlock: false,
              code: false,
              divider: false,
              strikethrough: false,
            },
          }),
        },
      },
    }),
  },
  singletons: {
    business: singletonFrom(forms.singletons.business, {
      label: 'Business details',
      path: 'src/content/business',
      format: { data: 'json' },
    }),
  },
});

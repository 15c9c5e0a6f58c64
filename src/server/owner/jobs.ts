/**
 * His finished jobs as the owner's app adds and changes them: the same files the content editor
 * writes, put together from jobs/: project-files (reading and writing a job's files, held to the
 * projects' schema), job-list (the list and one job for its form), job-pictures (their small
 * pictures), photo-uploads (each photo on its own, waiting outside the site until a save takes
 * it), job-save (adding or changing one) and home-order (the home page's order).
 */
import { homeOrder } from './jobs/home-order.ts';
import { jobList } from './jobs/job-list.ts';
import { jobPictures } from './jobs/job-pictures.ts';
import { jobSaver } from './jobs/job-save.ts';
import { photoUploads } from './jobs/photo-uploads.ts';
import { projectFiles, type JobFileOptions } from './jobs/project-files.ts';

export type { SaveOutcome } from './jobs/project-files.ts';

export interface JobStoreOptions extends JobFileOptions {
  /** Where a draft's photos wait, outside the site */
  uploadsDir: string;
}

export function createJobStore(options: JobStoreOptions) {
  const files = projectFiles(options);
  const uploads = photoUploads(options.uploadsDir);
  const { list, read } = jobList(options.siteDir, files);
  const { picture } = jobPictures(files);
  const { save } = jobSaver(options, files, uploads);
  const { setHomeOrder } = homeOrder(options, files);
  return {
    list,
    read,
    picture,
    upload: uploads.upload,
    uploaded: uploads.uploaded,
    save,
    setHomeOrder,
  };
}

export type JobStore = ReturnType<typeof createJobStore>;

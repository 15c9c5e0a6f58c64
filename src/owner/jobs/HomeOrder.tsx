/**
 * The order of the jobs on the home page: those ticked "Show on the home page", first to last,
 * moved by dragging a row (pointer events, so a finger, a mouse and a pen alike) or by its up and
 * down buttons. Each move is sent at once; the home page shows the first few.
 */
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import type { JobsBody, JobSummary } from '../../lib/owner-api.ts';
import { ownerApi } from '../api.ts';
import { useInvalidation } from '../data.tsx';
import { useNotices } from '../notices.tsx';
import { Panel } from '../Panel.tsx';
import { JobThumbnail } from './JobThumbnail.tsx';

const onHome = (body: JobsBody) => body.jobs.filter((job) => job.featured);

export function HomeOrder({ body }: { body: JobsBody }) {
  const { notifyError } = useNotices();
  const { jobsChanged } = useInvalidation();
  // His order while a row is in his hand or on its way to the server; the server's otherwise
  const [held, setHeld] = useState<JobSummary[] | null>(null);
  const rows = held ?? onHome(body);
  const [dragging, setDragging] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const list = useRef<HTMLOListElement>(null);
  // The rows as they now are, for the pointer's handlers between renders
  const rowsRef = useRef(rows);
  useEffect(() => {
    rowsRef.current = rows;
  }, [rows]);

  const save = async (order: JobSummary[]) => {
    setHeld(order);
    try {
      await jobsChanged(await ownerApi.orderJobs(order.map((job) => job.id)));
    } catch (error) {
      notifyError(error);
    } finally {
      setHeld(null);
    }
  };

  const moved = (from: number, to: number, current: JobSummary[]) => {
    const next = [...current];
    const [job] = next.splice(from, 1);
    next.splice(to, 0, job!);
    return next;
  };

  const step = (index: number, by: -1 | 1) => {
    const to = index + by;
    if (to < 0 || to >= rows.length) return;
    const next = moved(index, to, rows);
    setAnnouncement(`${rows[index]!.title}: now ${to + 1} of ${rows.length}.`);
    void save(next);
  };

  /** The row under the finger: where the dragged one goes */
  const placeAt = (clientY: number) => {
    const items = [...(list.current?.children ?? [])];
    const index = items.findIndex((item) => {
      const box = item.getBoundingClientRect();
      return clientY < box.top + box.height / 2;
    });
    return index === -1 ? items.length - 1 : index;
  };

  const grab = (event: PointerEvent<HTMLElement>, id: string) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    setHeld(rows);
    setDragging(id);
  };
  const drag = (event: PointerEvent<HTMLElement>, id: string) => {
    if (dragging !== id) return;
    const current = rowsRef.current;
    const from = current.findIndex((job) => job.id === id);
    const to = placeAt(event.clientY);
    if (from !== -1 && to !== from) setHeld(moved(from, to, current));
  };
  const drop = (id: string) => {
    if (dragging !== id) return;
    setDragging(null);
    const order = rowsRef.current;
    const before = onHome(body).map((job) => job.id);
    if (order.map((job) => job.id).join() !== before.join()) void save(order);
    else setHeld(null);
  };

  return (
    <Panel title="Order on the home page">
      <p className="text-muted">
        The home page shows the first {body.homeCount} of the jobs ticked “Show on the home page”.
        Drag a job by its handle, or use its arrows.
      </p>
      <p className="sr-only" role="status">
        {announcement}
      </p>
      <ol ref={list} className="mt-3 space-y-2" aria-label="Jobs on the home page, in order">
        {rows.map((job, index) => (
          <li
            key={job.id}
            data-job={job.id}
            className={`flex items-center gap-2 rounded-lg border bg-white p-2 ${
              dragging === job.id ? 'border-brand-700 shadow-lg' : 'border-line'
            } ${index === body.homeCount ? 'mt-6' : ''}`}
          >
            <span
              className="flex size-11 shrink-0 cursor-grab touch-none items-center justify-center text-muted"
              aria-hidden="true"
              data-drag-handle=""
              onPointerDown={(event) => grab(event, job.id)}
              onPointerMove={(event) => drag(event, job.id)}
              onPointerUp={() => drop(job.id)}
              onPointerCancel={() => drop(job.id)}
            >
              <GripVertical className="size-5" />
            </span>
            {/* On a phone the title needs the room */}
            <span className="hidden sm:block">
              <JobThumbnail job={job} />
            </span>
            <span className="min-w-0 flex-1 text-sm font-semibold break-words">
              {index + 1}. {job.title}
              {index >= body.homeCount && (
                <span className="block font-normal text-muted">
                  Not shown: only the first {body.homeCount} are
                </span>
              )}
            </span>
            <button
              type="button"
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-line disabled:opacity-40"
              aria-label={`Move “${job.title}” up`}
              disabled={index === 0}
              onClick={() => step(index, -1)}
            >
              <ArrowUp className="size-5" aria-hidden="true" />
            </button>
            <button
              type="button"
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-line disabled:opacity-40"
              aria-label={`Move “${job.title}” down`}
              disabled={index === rows.length - 1}
              onClick={() => step(index, 1)}
            >
              <ArrowDown className="size-5" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ol>
    </Panel>
  );
}

// Types of scheduler-tasks.mjs (plain ESM).

/** A task of React's scheduler: when it started (ms since navigation), how long, its commits. */
export interface SchedulerTask {
  at: number;
  ms: number;
  /** Each commit: when it ended in the task (ms), and how many elements the page had gained. */
  commits: { at: number; added: number }[];
}

/** Given to the page before its scripts: the tasks are `window.__schedulerTasks`. */
export declare function recordSchedulerTasks(): void;

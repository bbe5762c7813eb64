// Types of scheduler-tasks.mjs (plain ESM).

/** A task of React's scheduler: when it started (ms since navigation), how long, its commits. */
export interface SchedulerTask {
  at: number;
  ms: number;
  /**
   * Each commit: when it ended in the task (ms), how many elements the page had gained, and the
   * depth of the call stack React reported it from: a commit made inside another's (a render set
   * off as the first one mounted) is reported from deeper than the first.
   */
  commits: { at: number; added: number; depth: number }[];
}

/** Given to the page before its scripts: the tasks are `window.__schedulerTasks`. */
export declare function recordSchedulerTasks(): void;

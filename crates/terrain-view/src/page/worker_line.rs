//! The page's one worker for huge maps and its line of jobs. The worker
//! does one job at a time, so that a job no longer wanted can be stopped
//! without losing the others: only the first in line is sent.

use std::collections::VecDeque;
use std::rc::Rc;

use super::effect::PageEffect;
use super::input::WorkerJob;
use crate::demo::JobId;
use crate::protocol::{Reply, Request};

/// Whether the worker is running.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Worker {
    /// Not needed yet.
    NotStarted,
    /// Started: jobs go to it.
    Running,
    /// Could not be started, failed or is of another version: jobs are
    /// done on the page.
    Unavailable,
}

/// A job for the worker.
#[derive(Debug, Clone)]
struct WorkerEntry {
    id: WorkerJob,
    demo: usize,
    job: JobId,
    /// Kept until done, so the page can do it if the worker fails.
    request: Rc<Request>,
    /// Whether the worker has it (only the first in line is sent).
    sent: bool,
}

/// The worker and the jobs waiting for it, in order.
#[derive(Debug, Clone)]
pub(super) struct WorkerLine {
    worker: Worker,
    queue: VecDeque<WorkerEntry>,
    next_id: WorkerJob,
}

impl Default for WorkerLine {
    fn default() -> Self {
        Self {
            worker: Worker::NotStarted,
            queue: VecDeque::new(),
            next_id: 0,
        }
    }
}

impl WorkerLine {
    /// Whether jobs can go to the worker (it may still have to start).
    pub(super) fn takes_jobs(&self) -> bool {
        self.worker != Worker::Unavailable
    }

    /// Puts demo `demo`'s job `job` in line, starting the worker first if
    /// it is not running yet.
    pub(super) fn push(
        &mut self,
        demo: usize,
        job: JobId,
        request: Request,
        out: &mut Vec<PageEffect>,
    ) {
        if self.worker == Worker::NotStarted {
            self.worker = Worker::Running;
            out.push(PageEffect::StartWorker);
        }
        self.next_id += 1;
        self.queue.push_back(WorkerEntry {
            id: self.next_id,
            demo,
            job,
            request: Rc::new(request),
            sent: false,
        });
        self.send_next(out);
    }

    /// Sends the first in line, unless the worker has it already.
    fn send_next(&mut self, out: &mut Vec<PageEffect>) {
        if let Some(first) = self.queue.front_mut()
            && !first.sent
        {
            first.sent = true;
            out.push(PageEffect::ToWorker {
                id: first.id,
                request: first.request.clone(),
            });
        }
    }

    /// Takes demo `demo`'s job `job` out of line; stops the worker's work
    /// on it, if started, and the next in line goes.
    pub(super) fn cancel(&mut self, demo: usize, job: JobId, out: &mut Vec<PageEffect>) {
        let Some(position) = self
            .queue
            .iter()
            .position(|entry| entry.demo == demo && entry.job == job)
        else {
            return;
        };
        if let Some(entry) = self.queue.remove(position)
            && entry.sent
        {
            out.push(PageEffect::StopWorkerJob(entry.id));
            self.send_next(out);
        }
    }

    /// Takes every job of demo `demo` out of line (it is gone): one the
    /// worker has started is stopped, and the next in line goes.
    pub(super) fn forget(&mut self, demo: usize, out: &mut Vec<PageEffect>) {
        self.queue.retain(|entry| {
            if entry.demo == demo && entry.sent {
                out.push(PageEffect::StopWorkerJob(entry.id));
            }
            entry.demo != demo
        });
        self.send_next(out);
    }

    /// Word from the worker about job `id`: the demo and the job it is
    /// for, or `None` if nobody waits for it any more. A job's last word
    /// takes it out of line, and the next goes.
    pub(super) fn word(
        &mut self,
        id: WorkerJob,
        reply: &Reply,
        out: &mut Vec<PageEffect>,
    ) -> Option<(usize, JobId)> {
        let position = self.queue.iter().position(|entry| entry.id == id)?;
        let (demo, job) = (self.queue[position].demo, self.queue[position].job);
        if !matches!(reply, Reply::Progress { .. }) {
            self.queue.remove(position);
            self.send_next(out);
        }
        Some((demo, job))
    }

    /// The worker cannot be used: every job in line, for the page to do
    /// itself, as demo, job and request.
    pub(super) fn gone(&mut self) -> Vec<(usize, JobId, Request)> {
        self.worker = Worker::Unavailable;
        self.queue
            .drain(..)
            // Shared only while it was being sent, if at all.
            .map(|entry| (entry.demo, entry.job, Rc::unwrap_or_clone(entry.request)))
            .collect()
    }
}

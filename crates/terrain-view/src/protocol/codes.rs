//! The kinds of the protocol's own enums that carry data (a job, a reply,
//! a parameter's value, a set of points), each listed in the order its
//! code crosses: a value's code is its kind's place in the kind's `ALL`.
//! [`super::version()`] folds every such list's names in, so reordering or
//! adding a kind makes old and new sides refuse each other rather than
//! misread a code.

use terrain_core::PointSet;
use terrain_core::spec::Value;

use super::messages::{Job, Reply};

/// What a request asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum JobKind {
    Generate,
    Import,
    Mesh,
    Weather,
}

impl JobKind {
    /// Every kind, in code order.
    pub(super) const ALL: [JobKind; 4] = [
        JobKind::Generate,
        JobKind::Import,
        JobKind::Mesh,
        JobKind::Weather,
    ];

    /// Its name, for the version.
    pub(super) fn name(self) -> &'static str {
        match self {
            JobKind::Generate => "generate",
            JobKind::Import => "import",
            JobKind::Mesh => "mesh",
            JobKind::Weather => "weather",
        }
    }

    /// The kind of `job`.
    pub(super) fn of(job: &Job) -> Self {
        match job {
            Job::Generate { .. } => JobKind::Generate,
            Job::Import { .. } => JobKind::Import,
            Job::Mesh { .. } => JobKind::Mesh,
            Job::Weather { .. } => JobKind::Weather,
        }
    }
}

/// What comes back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ReplyKind {
    Progress,
    Made,
    Failed,
}

impl ReplyKind {
    /// Every kind, in code order.
    pub(super) const ALL: [ReplyKind; 3] =
        [ReplyKind::Progress, ReplyKind::Made, ReplyKind::Failed];

    /// Its name, for the version.
    pub(super) fn name(self) -> &'static str {
        match self {
            ReplyKind::Progress => "progress",
            ReplyKind::Made => "made",
            ReplyKind::Failed => "failed",
        }
    }

    /// The kind of `reply`.
    pub(super) fn of(reply: &Reply) -> Self {
        match reply {
            Reply::Progress { .. } => ReplyKind::Progress,
            Reply::Made(_) => ReplyKind::Made,
            Reply::Failed { .. } => ReplyKind::Failed,
        }
    }
}

/// Which kind of [`Value`] a parameter's value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ValueKind {
    Whole,
    Number,
    Switch,
    Choice,
    Name,
}

impl ValueKind {
    /// Every kind, in code order.
    pub(super) const ALL: [ValueKind; 5] = [
        ValueKind::Whole,
        ValueKind::Number,
        ValueKind::Switch,
        ValueKind::Choice,
        ValueKind::Name,
    ];

    /// Its name, for the version.
    pub(super) fn name(self) -> &'static str {
        match self {
            ValueKind::Whole => "whole",
            ValueKind::Number => "number",
            ValueKind::Switch => "switch",
            ValueKind::Choice => "choice",
            ValueKind::Name => "name",
        }
    }

    /// The kind of `value`.
    pub(super) fn of(value: &Value) -> Self {
        match value {
            Value::Whole(_) => ValueKind::Whole,
            Value::Number(_) => ValueKind::Number,
            Value::Switch(_) => ValueKind::Switch,
            Value::Choice(_) => ValueKind::Choice,
            Value::Name(_) => ValueKind::Name,
        }
    }
}

/// Which kind of [`PointSet`] a stage set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum PointsKind {
    Nothing,
    Everything,
    Corners,
    SquareCentres,
    DiamondCentres,
    Pass,
    Listed,
}

impl PointsKind {
    /// Every kind, in code order.
    pub(super) const ALL: [PointsKind; 7] = [
        PointsKind::Nothing,
        PointsKind::Everything,
        PointsKind::Corners,
        PointsKind::SquareCentres,
        PointsKind::DiamondCentres,
        PointsKind::Pass,
        PointsKind::Listed,
    ];

    /// Its name, for the version.
    pub(super) fn name(self) -> &'static str {
        match self {
            PointsKind::Nothing => "nothing",
            PointsKind::Everything => "everything",
            PointsKind::Corners => "corners",
            PointsKind::SquareCentres => "square-centres",
            PointsKind::DiamondCentres => "diamond-centres",
            PointsKind::Pass => "pass",
            PointsKind::Listed => "listed",
        }
    }

    /// The kind of `points`.
    pub(super) fn of(points: &PointSet) -> Self {
        match points {
            PointSet::Nothing => PointsKind::Nothing,
            PointSet::Everything { .. } => PointsKind::Everything,
            PointSet::Corners { .. } => PointsKind::Corners,
            PointSet::SquareCentres { .. } => PointsKind::SquareCentres,
            PointSet::DiamondCentres { .. } => PointsKind::DiamondCentres,
            PointSet::Pass { .. } => PointsKind::Pass,
            PointSet::Listed { .. } => PointsKind::Listed,
        }
    }
}

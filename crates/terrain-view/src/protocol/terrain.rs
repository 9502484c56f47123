//! What a map comes back with, as header fields and arrays: the points
//! its stage set, erosion's report (the ledger, the material slid, a
//! droplet's path) and its surface. Reading checks that each holds
//! together with the map, so a damaged message is refused, not drawn.

use terrain_core::PointSet;
use terrain_core::erosion::ErosionReport;
use terrain_core::erosion::droplets::{DropletState, Ending, Ledger, Trace, TraceStep};

use super::codes::PointsKind;
use super::wire::{Payload, ProtocolError, Read, Reader, Writer};
use crate::surface::Surface;

impl Writer {
    pub(super) fn points(&mut self, points: PointSet) {
        self.code(&PointsKind::ALL, PointsKind::of(&points));
        let mut lattice = |side: usize, radius: usize| {
            self.u32(side as u32);
            self.u32(radius as u32);
        };
        match points {
            PointSet::Nothing => {}
            PointSet::Everything { side } | PointSet::Corners { side } => lattice(side, 0),
            PointSet::SquareCentres { side, radius }
            | PointSet::DiamondCentres { side, radius }
            | PointSet::Pass { side, radius } => lattice(side, radius),
            PointSet::Listed { side, indices } => {
                lattice(side, 0);
                let indices = indices.into_iter().map(|index| index as u32).collect();
                self.payloads.push(Payload::U32(indices));
            }
        }
    }

    pub(super) fn ledger(&mut self, ledger: &Ledger) {
        self.f64(ledger.eroded);
        self.f64(ledger.deposited);
        self.f64(ledger.carried);
    }

    pub(super) fn erosion(&mut self, report: Option<ErosionReport>) {
        let Some(report) = report else {
            self.u8(0);
            return;
        };
        self.u8(1);
        self.heights(report.before);
        match &report.ledger {
            Some(ledger) => {
                self.u8(1);
                self.ledger(ledger);
            }
            None => self.u8(0),
        }
        match report.moved {
            Some(moved) => {
                self.u8(1);
                self.f64(moved);
            }
            None => self.u8(0),
        }
        let Some(trace) = report.trace else {
            self.u8(0);
            return;
        };
        self.u8(1);
        self.u32(trace.steps.len() as u32);
        let steps = trace
            .steps
            .iter()
            .flat_map(|step| {
                let start = step.start;
                [
                    start.x,
                    start.y,
                    start.speed,
                    start.water,
                    start.sediment,
                    step.height,
                    step.direction[0],
                    step.direction[1],
                    step.drop,
                    step.capacity,
                    step.eroded,
                    step.deposited,
                ]
            })
            .collect();
        self.payloads.push(Payload::F64(steps));
        for value in [
            trace.end.x,
            trace.end.y,
            trace.end.speed,
            trace.end.water,
            trace.end.sediment,
        ] {
            self.f64(value);
        }
        self.code(&Ending::ALL, trace.ending);
        self.ledger(&trace.ledger);
        self.heights(trace.heightmap);
    }
    /// A surface: its triangle count and error bound in the header, its
    /// vertices and triangles as arrays.
    pub(super) fn surface(&mut self, surface: Surface) {
        self.u32(surface.surface_triangles as u32);
        match surface.max_error {
            Some(bound) => {
                self.u8(1);
                self.f64(f64::from(bound));
            }
            None => self.u8(0),
        }
        self.payloads.extend([
            Payload::F32(triples(surface.positions)),
            Payload::F32(triples(surface.normals)),
            Payload::U8(surface.colors.into_iter().flatten().collect()),
            Payload::U32(surface.indices),
        ]);
    }
}

impl Reader<'_> {
    /// The points a stage set, on a map `side` points wide.
    pub(super) fn points(&mut self, side: usize) -> Read<PointSet> {
        let kind = self.code(&PointsKind::ALL, "an unknown set of points")?;
        if kind == PointsKind::Nothing {
            return Ok(PointSet::Nothing);
        }
        let given = self.u32()? as usize;
        let radius = self.u32()? as usize;
        let spaced = matches!(
            kind,
            PointsKind::SquareCentres | PointsKind::DiamondCentres | PointsKind::Pass
        );
        // A radius of 0 would divide by zero; one past the map means nothing.
        if given != side || (spaced && !(1..side).contains(&radius)) {
            return Err(ProtocolError::Malformed("points that are not the map's"));
        }
        Ok(match kind {
            PointsKind::Nothing => PointSet::Nothing,
            PointsKind::Everything => PointSet::Everything { side },
            PointsKind::Corners => PointSet::Corners { side },
            PointsKind::SquareCentres => PointSet::SquareCentres { side, radius },
            PointsKind::DiamondCentres => PointSet::DiamondCentres { side, radius },
            PointsKind::Pass => PointSet::Pass { side, radius },
            PointsKind::Listed => {
                let mut indices: Vec<usize> = self
                    .u32s()?
                    .into_iter()
                    .map(|index| index as usize)
                    .collect();
                if indices.iter().any(|&index| index >= side * side) {
                    return Err(ProtocolError::Malformed("points off the map"));
                }
                indices.sort_unstable();
                indices.dedup();
                PointSet::Listed { side, indices }
            }
        })
    }

    pub(super) fn ledger(&mut self) -> Read<Ledger> {
        Ok(Ledger {
            eroded: self.f64()?,
            deposited: self.f64()?,
            carried: self.f64()?,
        })
    }

    pub(super) fn state(&mut self) -> Read<DropletState> {
        Ok(DropletState {
            x: self.f64()?,
            y: self.f64()?,
            speed: self.f64()?,
            water: self.f64()?,
            sediment: self.f64()?,
        })
    }

    pub(super) fn erosion(&mut self) -> Read<Option<ErosionReport>> {
        if self.u8()? == 0 {
            return Ok(None);
        }
        let before = self.heights()?;
        let ledger = match self.u8()? {
            0 => None,
            _ => Some(self.ledger()?),
        };
        let moved = match self.u8()? {
            0 => None,
            _ => Some(self.f64()?),
        };
        let trace = match self.u8()? {
            0 => None,
            _ => {
                let count = self.u32()? as usize;
                let flat = self.f64s()?;
                if flat.len() != count * 12 {
                    return Err(ProtocolError::Malformed(
                        "a droplet's path of the wrong length",
                    ));
                }
                let steps = flat
                    .chunks_exact(12)
                    .map(|step| TraceStep {
                        start: DropletState {
                            x: step[0],
                            y: step[1],
                            speed: step[2],
                            water: step[3],
                            sediment: step[4],
                        },
                        height: step[5],
                        direction: [step[6], step[7]],
                        drop: step[8],
                        capacity: step[9],
                        eroded: step[10],
                        deposited: step[11],
                    })
                    .collect();
                let end = self.state()?;
                let ending = self.code(&Ending::ALL, "an unknown ending")?;
                let ledger = self.ledger()?;
                Some(Trace {
                    steps,
                    end,
                    ending,
                    ledger,
                    heightmap: self.heights()?,
                })
            }
        };
        Ok(Some(ErosionReport {
            before,
            ledger,
            moved,
            trace,
        }))
    }
    /// A surface, refused unless every triangle's corners are among its
    /// vertices and every vertex has a normal.
    pub(super) fn surface(&mut self) -> Read<Surface> {
        let surface_triangles = self.u32()? as usize;
        let max_error = match self.u8()? {
            0 => None,
            _ => Some(self.f64()? as f32),
        };
        let positions = untriple(&self.f32s()?);
        let normals = untriple(&self.f32s()?);
        let colors = self
            .u8s()?
            .chunks_exact(4)
            .map(|rgba| [rgba[0], rgba[1], rgba[2], rgba[3]])
            .collect();
        let indices = self.u32s()?;
        let vertices = positions.len() as u32;
        if normals.len() != positions.len()
            || indices.len() < surface_triangles * 3
            || indices.iter().any(|&index| index >= vertices)
        {
            return Err(ProtocolError::Malformed(
                "a surface that does not hold together",
            ));
        }
        Ok(Surface {
            positions,
            normals,
            colors,
            indices,
            surface_triangles,
            max_error,
        })
    }
}

fn triples(vectors: Vec<[f32; 3]>) -> Vec<f32> {
    vectors.into_iter().flatten().collect()
}

fn untriple(flat: &[f32]) -> Vec<[f32; 3]> {
    flat.chunks_exact(3)
        .map(|xyz| [xyz[0], xyz[1], xyz[2]])
        .collect()
}

//! Requests and replies to messages and back: the kind of each, then its
//! fields in a fixed order (see [`super::wire`] for the layout).

use terrain_core::{Algorithm, Terrain};

use super::codes::{JobKind, ReplyKind};
use super::messages::{Job, Made, Reply, Request};
use super::wire::{KIND_REPLY, KIND_REQUEST, Message, Payload, ProtocolError, Reader, Writer};
use crate::palette::{Look, Palette, Water};

impl Request {
    /// The request as a message.
    pub fn encode(self) -> Message {
        let (mut message, heights) = self.encode_but_heights();
        if let Some(heights) = heights {
            message.payloads.push(Payload::F64(heights.to_vec()));
        }
        message
    }

    /// The request as a message but for the heights of the map it carries
    /// (if it carries one: its only array), which are returned for the
    /// caller to copy in as the message's last payload: a page copies a
    /// huge map out in pieces, straight from the request it keeps.
    pub fn encode_but_heights(&self) -> (Message, Option<&[f64]>) {
        let mut writer = Writer::start(KIND_REQUEST);
        writer.code(&Palette::ALL, self.look.palette);
        writer.code(&Water::ALL, self.look.water);
        writer.u8(u8::from(self.mesh));
        writer.code(&JobKind::ALL, JobKind::of(&self.job));
        let heights = match &self.job {
            Job::Generate { params, stage } => {
                writer.params(params);
                writer.stage(*stage);
                None
            }
            Job::Import {
                name,
                heights,
                source,
            } => {
                writer.text(name);
                writer.source(source);
                Some(writer.heights_left_out(heights))
            }
            Job::Mesh { heights } => Some(writer.heights_left_out(heights)),
            Job::Weather {
                heights,
                params,
                stage,
            } => {
                writer.params(params);
                writer.stage(*stage);
                Some(writer.heights_left_out(heights))
            }
        };
        (writer.finish(), heights)
    }

    /// Reads a request, refusing one of another version.
    pub fn decode(mut message: Message) -> Result<Request, ProtocolError> {
        let mut reader = Reader::start(&mut message, KIND_REQUEST)?;
        let palette = reader.code(&Palette::ALL, "an unknown palette")?;
        let water = reader.code(&Water::ALL, "an unknown kind of water")?;
        let mesh = reader.u8()? != 0;
        let job = match reader.code(&JobKind::ALL, "an unknown job")? {
            JobKind::Generate => {
                let params = reader.params()?;
                let stage = reader.stage()?;
                params
                    .check_stage(stage)
                    .map_err(|_| ProtocolError::Malformed("a stage the algorithm lacks"))?;
                Job::Generate {
                    params: Box::new(params),
                    stage,
                }
            }
            JobKind::Import => Job::Import {
                name: reader.text()?,
                source: reader.source()?,
                heights: reader.heights()?,
            },
            JobKind::Mesh => Job::Mesh {
                heights: reader.heights()?,
            },
            JobKind::Weather => {
                let params = reader.params()?;
                let stage = reader.stage()?;
                params
                    .check_imported_stage(stage)
                    .map_err(|_| ProtocolError::Malformed("a stage an imported map lacks"))?;
                Job::Weather {
                    heights: reader.heights()?,
                    params: Box::new(params),
                    stage,
                }
            }
        };
        Ok(Request {
            job,
            look: Look { palette, water },
            mesh,
        })
    }
}

impl Reply {
    /// The reply as a message.
    pub fn encode(self) -> Message {
        let mut writer = Writer::start(KIND_REPLY);
        writer.code(&ReplyKind::ALL, ReplyKind::of(&self));
        match self {
            Reply::Progress { share, words } => {
                writer.f64(share);
                writer.text(&words);
            }
            Reply::Made(made) => {
                let Made {
                    terrain,
                    surface,
                    source,
                } = *made;
                match terrain.algorithm {
                    Some(algorithm) => writer.u8(algorithm.index() as u8 + 1),
                    None => writer.u8(0),
                }
                writer.stage(terrain.stage);
                writer.heights(terrain.heightmap);
                writer.points(terrain.new_points);
                writer.erosion(terrain.erosion);
                match source {
                    Some(source) => {
                        writer.u8(1);
                        writer.source(&source);
                    }
                    None => writer.u8(0),
                }
                match surface {
                    Some(surface) => {
                        writer.u8(1);
                        writer.surface(surface);
                    }
                    None => writer.u8(0),
                }
            }
            Reply::Failed { message } => writer.text(&message),
        }
        writer.finish()
    }

    /// Reads a reply, refusing one of another version.
    pub fn decode(mut message: Message) -> Result<Reply, ProtocolError> {
        let mut reader = Reader::start(&mut message, KIND_REPLY)?;
        Ok(match reader.code(&ReplyKind::ALL, "an unknown reply")? {
            ReplyKind::Progress => Reply::Progress {
                share: reader.f64()?,
                words: reader.text()?,
            },
            ReplyKind::Made => {
                let algorithm = match reader.u8()? {
                    0 => None,
                    code => Some(
                        Algorithm::at(usize::from(code) - 1)
                            .ok_or(ProtocolError::Malformed("an unknown algorithm"))?,
                    ),
                };
                let stage = reader.stage()?;
                let heightmap = reader.heights()?;
                let new_points = reader.points(heightmap.side())?;
                let erosion = reader.erosion()?;
                let source = match reader.u8()? {
                    0 => None,
                    _ => Some(reader.source()?),
                };
                let surface = match reader.u8()? {
                    0 => None,
                    _ => Some(reader.surface()?),
                };
                let terrain = Terrain {
                    algorithm,
                    heightmap,
                    stage,
                    new_points,
                    erosion,
                };
                Reply::Made(Box::new(Made {
                    terrain,
                    surface,
                    source,
                }))
            }
            ReplyKind::Failed => Reply::Failed {
                message: reader.text()?,
            },
        })
    }
}

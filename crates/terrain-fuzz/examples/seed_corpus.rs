//! Writes the seed corpus, `fuzz/corpus/<target>/`, from the lists below:
//! `cargo run -p terrain-fuzz --example seed_corpus`.
//!
//! The output is the same every time. Files the fuzzer found (crashes kept
//! as regression inputs) are left alone.

// The checks and the png crate are native-only.
#[cfg(not(target_arch = "wasm32"))]
fn main() -> Result<(), Box<dyn std::error::Error>> {
    corpus::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod corpus {
    use std::path::{Path, PathBuf};

    use png::{BitDepth, ColorType};
    use terrain_core::{Algorithm, Field, Params, Stage};
    use terrain_fuzz::input::{self, PngHeader};

    /// Files to write: a name and the bytes.
    type Seeds = Vec<(String, Vec<u8>)>;

    /// An embed's name, attributes and URL queries.
    type AttributeSet<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a [&'a str]);

    /// The values every parser must refuse (or, where valid, take) calmly.
    const BAD: [(&str, &str); 10] = [
        ("40", "40"),
        ("minus-one", "-1"),
        ("zero", "0"),
        ("1e309", "1e309"),
        ("nan", "NaN"),
        ("2-to-the-64", "2^64"),
        ("empty", ""),
        ("abc", "abc"),
        ("script", "<script>alert(1)</script>"),
        ("white-space", " \t\r\u{a0}"),
    ];

    pub fn main() -> Result<(), Box<dyn std::error::Error>> {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus");

        let fields = [
            ("exponent", Field::EXPONENT),
            ("spread", Field::SPREAD),
            ("seed", Field::SEED),
            ("spread-reduction", Field::SPREAD_REDUCTION),
            ("algorithm", Field::ALGORITHM),
        ];
        let mut params_text: Seeds = Vec::new();
        for (index, (name, text)) in BAD.iter().enumerate() {
            let (field_name, field) = fields[index % fields.len()];
            params_text.push((
                format!("{field_name}-{name}"),
                input::params_text(field, 0, text),
            ));
        }
        for (name, field, start, text) in [
            ("exponent-7-padded", Field::EXPONENT, 0, " 7 "),
            ("exponent-12-recursive", Field::EXPONENT, 2, "+12"),
            ("spread-0.25", Field::SPREAD, 0, "0.25"),
            ("spread-5.000001", Field::SPREAD, 3, "5.000001"),
            ("spread-reduction-2", Field::SPREAD_REDUCTION, 1, "2"),
            ("seed-max", Field::SEED, 0, "18446744073709551615"),
            ("seed-max-plus-one", Field::SEED, 0, "18446744073709551616"),
            (
                "algorithm-capitals",
                Field::ALGORITHM,
                4,
                " Diamond-Square ",
            ),
            ("normalize-off", Field::NORMALIZE, 0, "off"),
            ("normalize-maybe", Field::NORMALIZE, 0, "maybe"),
        ] {
            params_text.push((name.to_owned(), input::params_text(field, start, text)));
        }
        write(&root.join("params_text"), &params_text)?;

        let mut stage_text: Seeds = Vec::new();
        for (name, algorithm, exponent, text) in [
            ("corners", Algorithm::DIAMOND_SQUARE, 5, "corners"),
            (
                "square-for-mpd",
                Algorithm::MIDPOINT_DISPLACEMENT,
                3,
                "square",
            ),
            (
                "edges-for-mpd",
                Algorithm::MIDPOINT_DISPLACEMENT,
                3,
                " Edges ",
            ),
            ("centre", Algorithm::MIDPOINT_DISPLACEMENT, 1, "centre"),
            (
                "diamond-tileable",
                Algorithm::TILEABLE_DIAMOND_SQUARE,
                2,
                "diamond",
            ),
            (
                "pass-12",
                Algorithm::RECURSIVE_MIDPOINT_DISPLACEMENT,
                12,
                "pass-12",
            ),
            ("pass-13-at-12", Algorithm::DIAMOND_SQUARE, 12, "pass-13"),
            ("pass-0", Algorithm::DIAMOND_SQUARE, 5, "pass-0"),
            (
                "pass-huge",
                Algorithm::DIAMOND_SQUARE,
                5,
                "pass-99999999999",
            ),
            ("pass-minus", Algorithm::DIAMOND_SQUARE, 5, "pass--1"),
            ("pass-empty", Algorithm::DIAMOND_SQUARE, 5, "pass-"),
            ("done-noise", Algorithm::RANDOM_NOISE, 4, "DONE"),
            ("corners-noise", Algorithm::RANDOM_NOISE, 4, "corners"),
            ("exponent-0", Algorithm::MIDPOINT_DISPLACEMENT, 0, "pass-1"),
            ("exponent-16", Algorithm::DIAMOND_SQUARE, 16, "pass-16"),
        ] {
            stage_text.push((
                name.to_owned(),
                input::stage_text(algorithm, exponent, text),
            ));
        }
        for (name, text) in BAD {
            stage_text.push((
                format!("bad-{name}"),
                input::stage_text(Algorithm::DIAMOND_SQUARE, 5, text),
            ));
        }
        write(&root.join("stage_text"), &stage_text)?;

        let shared = terrain_core::query::to_query(
            &Params {
                exponent: 6,
                spread: 0.1 + 0.2,
                spread_reduction: 1.0 / 3.0,
                seed: u64::MAX - 1,
                ..Params::new(Algorithm::TILEABLE_DIAMOND_SQUARE)
            },
            Stage::Pass(4),
        );
        let queries: Seeds = [
            ("shared-link", format!("?{shared}")),
            ("readme", "algorithm=midpoint-displacement&exponent=7&spread=0.3&spreadReduction=0.5&seed=42&normalize=true&stage=pass-3".to_owned()),
            ("bad-values", "?algorithm=midpoint-displacement&exponent=40&spread=abc&seed=-1&stage=square&palette=green&wireframe".to_owned()),
            ("nan-and-huge", "spread=NaN&spreadReduction=1e309&seed=2%5E64&exponent=0".to_owned()),
            ("script", "?algorithm=%3Cscript%3Ealert(1)%3C%2Fscript%3E&stage=%3Cscript%3E".to_owned()),
            ("plus-and-escapes", "?seed=+7+&spread=%200.25%20&stage=Pass%2D2&normalize=OFF".to_owned()),
            ("malformed-escapes", "?exp%6Fnent=3&%=%&%zz=%4&%FF=%C3%28".to_owned()),
            ("empty-pairs", "?=x&&a=1&b&&=&stage=".to_owned()),
            ("repeated-keys", "exponent=3&exponent=40&exponent=4&stage=pass-4&stage=pass-5".to_owned()),
            ("stage-before-exponent", "stage=pass-9&exponent=9&algorithm=recursive-midpoint-displacement".to_owned()),
            ("white-space", "?exponent=%09&spread=%20&seed=%0A".to_owned()),
            ("double-question-mark", "??exponent=3".to_owned()),
            ("utm", "utm_source=blog&utm_medium=%F0%9F%8F%94&view=2d".to_owned()),
            ("only-question-mark", "?".to_owned()),
        ]
        .into_iter()
        .map(|(name, text)| (name.to_owned(), text.into_bytes()))
        .collect();
        write(&root.join("query"), &queries)?;

        let mut embeds: Seeds = Vec::new();
        let attribute_sets: [AttributeSet; 9] = [
            (
                "readme-snippet",
                &[
                    ("data-terrain-demo", "diamond-square"),
                    ("data-stage", "square"),
                    ("data-exponent", "3"),
                    ("data-seed", "7"),
                ],
                &[],
            ),
            (
                "all-bad",
                &[
                    ("data-terrain-demo", "plasma"),
                    ("data-exponent", "40"),
                    ("data-spread", "abc"),
                    ("data-spread-reduction", "-1"),
                    ("data-seed", "<script>alert(1)</script>"),
                    ("data-stage", "edges"),
                    ("data-controls", "sometimes"),
                    ("data-palette", "purple"),
                    ("data-view", "sideways"),
                    ("data-wireframe", "maybe"),
                    ("data-link", ""),
                ],
                &[],
            ),
            (
                "playground",
                &[
                    ("data-terrain-demo", "tileable-diamond-square"),
                    ("data-controls", "full"),
                    ("data-url-state", ""),
                    ("data-view", "tiled"),
                    ("data-link", "tiling"),
                    ("data-creases", "true"),
                ],
                &["?exponent=40&view=sideways&utm_source=blog", "?"],
            ),
            (
                "stage-needs-exponent",
                &[
                    ("data-terrain-demo", "midpoint-displacement"),
                    ("data-exponent", "2"),
                    ("data-stage", "pass-3"),
                ],
                &[],
            ),
            (
                "nan-and-1e309",
                &[
                    ("data-spread", "NaN"),
                    ("data-spread-reduction", "1e309"),
                    ("data-seed", "2^64"),
                    ("data-exponent", "0"),
                ],
                &[],
            ),
            (
                "white-space",
                &[
                    ("data-exponent", " \t"),
                    ("data-controls", " 0 "),
                    ("data-normalize", " off "),
                    ("data-palette", " GREEN "),
                ],
                &[],
            ),
            (
                "long-link",
                &[
                    (
                        "data-link",
                        "a link name far longer than forty characters, surely",
                    ),
                    ("data-terrain-demo", "random-noise"),
                    ("data-stage", "corners"),
                ],
                &[],
            ),
            (
                "query-after-attributes",
                &[
                    ("data-terrain-demo", "random-noise"),
                    ("data-exponent", "12"),
                ],
                &["algorithm=diamond-square&stage=square&palette=bands&wireframe=1"],
            ),
            (
                "unknown-attributes",
                &[("data-Exponent", "3"), ("data-terrain", "x"), ("", "")],
                &["%"],
            ),
        ];
        for (name, attributes, queries) in attribute_sets {
            embeds.push((
                name.to_owned(),
                input::embed_attributes(attributes, queries),
            ));
        }
        write(&root.join("embed_attributes"), &embeds)?;

        // The import and the differential read the same files.
        let pngs = pngs()?;
        write(&root.join("png_import"), &pngs)?;
        write(&root.join("png_differential"), &pngs)?;

        let mut generates: Seeds = Vec::new();
        let cases = [
            (
                "diamond-square-done",
                Params::new(Algorithm::DIAMOND_SQUARE),
                Stage::Done,
            ),
            (
                "mpd-edges",
                Params {
                    exponent: 3,
                    ..Params::new(Algorithm::MIDPOINT_DISPLACEMENT)
                },
                Stage::Edges,
            ),
            (
                "recursive-pass-2",
                Params {
                    map: MapSettings::new(4, 9),
                    ..Params::new(Algorithm::RECURSIVE_MIDPOINT_DISPLACEMENT)
                },
                Stage::Pass(2),
            ),
            (
                "tileable-square",
                Params {
                    exponent: 6,
                    ..Params::new(Algorithm::TILEABLE_DIAMOND_SQUARE)
                },
                Stage::Square,
            ),
            (
                "noise",
                Params {
                    exponent: 7,
                    ..Params::new(Algorithm::RANDOM_NOISE)
                },
                Stage::Done,
            ),
            (
                "roughest",
                Params {
                    exponent: 7,
                    spread: 5.0,
                    spread_reduction: 2.0,
                    ..Params::default()
                },
                Stage::Done,
            ),
            (
                "flat-unnormalized",
                Params {
                    spread: 0.0,
                    spread_reduction: 0.0,
                    normalize: false,
                    ..Params::default()
                },
                Stage::Pass(5),
            ),
            (
                "spread-nan",
                Params {
                    spread: f64::NAN,
                    ..Params::default()
                },
                Stage::Done,
            ),
            (
                "exponent-huge",
                Params {
                    exponent: u32::MAX,
                    ..Params::default()
                },
                Stage::Done,
            ),
            ("pass-beyond", Params::default(), Stage::Pass(6)),
            (
                "square-for-mpd",
                Params::new(Algorithm::MIDPOINT_DISPLACEMENT),
                Stage::Square,
            ),
        ];
        for (name, params, stage) in cases {
            generates.push((name.to_owned(), input::generate(&params, stage)));
        }
        write(&root.join("generate"), &generates)?;
        Ok(())
    }

    /// PNGs of every colour type and bit depth (made by the png crate), hand-made
    /// interlaced ones, and damaged and oversized ones.
    fn pngs() -> Result<Seeds, Box<dyn std::error::Error>> {
        let mut files = Vec::new();
        let formats = [
            ("grey-1", ColorType::Grayscale, BitDepth::One),
            ("grey-2", ColorType::Grayscale, BitDepth::Two),
            ("grey-4", ColorType::Grayscale, BitDepth::Four),
            ("grey-8", ColorType::Grayscale, BitDepth::Eight),
            ("grey-16", ColorType::Grayscale, BitDepth::Sixteen),
            ("grey-alpha-8", ColorType::GrayscaleAlpha, BitDepth::Eight),
            (
                "grey-alpha-16",
                ColorType::GrayscaleAlpha,
                BitDepth::Sixteen,
            ),
            ("rgb-8", ColorType::Rgb, BitDepth::Eight),
            ("rgb-16", ColorType::Rgb, BitDepth::Sixteen),
            ("rgba-8", ColorType::Rgba, BitDepth::Eight),
            ("rgba-16", ColorType::Rgba, BitDepth::Sixteen),
            ("palette-1", ColorType::Indexed, BitDepth::One),
            ("palette-2", ColorType::Indexed, BitDepth::Two),
            ("palette-4", ColorType::Indexed, BitDepth::Four),
            ("palette-8", ColorType::Indexed, BitDepth::Eight),
        ];
        for (index, (name, colour, depth)) in formats.into_iter().enumerate() {
            // Sizes differ so that some are resampled and some come through exactly.
            let (width, height) = [(5, 5), (9, 9), (7, 4), (3, 12)][index % 4];
            let bits = colour.samples() * depth as usize;
            let row = (width as usize * bits).div_ceil(8);
            let pixels: Vec<u8> = (0..row * height as usize)
                .map(|at| (at * 73 + index * 11) as u8)
                .collect();
            let mut bytes = Vec::new();
            {
                let mut encoder = png::Encoder::new(&mut bytes, width, height);
                encoder.set_color(colour);
                encoder.set_depth(depth);
                if colour == ColorType::Indexed {
                    let entries = 1usize << (depth as usize);
                    encoder.set_palette(
                        (0..entries * 3)
                            .map(|at| (at * 29) as u8)
                            .collect::<Vec<u8>>(),
                    );
                }
                encoder.write_header()?.write_image_data(&pixels)?;
            }
            files.push((name.to_owned(), bytes));
        }

        let our_export = terrain_io::export_png(
            &terrain_core::generate(
                &Params {
                    exponent: 4,
                    ..Params::default()
                },
                Stage::Done,
            )?
            .heightmap,
        );
        files.push(("our-export-17".to_owned(), our_export.clone()));

        let hand = |width, height, bit_depth, colour_type, interlaced| PngHeader {
            width,
            height,
            bit_depth,
            colour_type,
            interlaced,
        };
        for (name, header, palette) in [
            ("interlaced-grey-8", hand(11, 7, 8, 0, true), 0),
            ("interlaced-rgba-16", hand(6, 6, 16, 6, true), 0),
            ("interlaced-palette-2", hand(9, 5, 2, 3, true), 4),
            ("palette-short", hand(4, 4, 8, 3, false), 2),
            ("one-by-one", hand(1, 1, 8, 0, false), 0),
        ] {
            let data: Vec<u8> = (0..header.data_len())
                .map(|at| (at * 13 % 5) as u8)
                .collect();
            files.push((name.to_owned(), input::png_file(&header, palette, &data)));
        }
        for (name, header) in [
            ("huge-header", hand(8192, 8192, 16, 6, false)),
            ("huge-interlaced", hand(8192, 8192, 16, 6, true)),
            ("too-large", hand(8193, 2, 8, 0, false)),
        ] {
            files.push((name.to_owned(), input::png_file(&header, 0, &[0; 32])));
        }
        // A chunk length that wraps a 32-bit `usize` when its chunk is skipped.
        let mut wraps = vec![0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
        wraps.extend_from_slice(&[0xff, 0xff, 0xff, 0xf4]);
        wraps.extend_from_slice(b"IHDR");
        files.push(("chunk-length-near-4-gib".to_owned(), wraps));
        let mut truncated = our_export.clone();
        truncated.truncate(our_export.len() - 20);
        files.push(("truncated".to_owned(), truncated));
        let mut bad_crc = our_export;
        bad_crc[32] ^= 0x55;
        files.push(("bad-crc".to_owned(), bad_crc));

        // Small versions of terrain-io's crafted files (test_support::crafted):
        // a header of 2^31 a side, and a thousand empty deflate blocks
        // before the pixels or instead of them.
        let header = |width: u32, height: u32| {
            let mut data = width.to_be_bytes().to_vec();
            data.extend_from_slice(&height.to_be_bytes());
            data.extend_from_slice(&[8, 0, 0, 0, 0]);
            data
        };
        let file = |ihdr: &[u8], zlib: &[u8]| {
            let mut png = vec![0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
            input::write_chunk(&mut png, b"IHDR", ihdr);
            input::write_chunk(&mut png, b"IDAT", zlib);
            input::write_chunk(&mut png, b"IEND", &[]);
            png
        };
        files.push((
            "header-2-to-the-31".to_owned(),
            file(&header(1 << 31, 1 << 31), &[0x78, 0x01, 0x03, 0x00]),
        ));
        for (name, raw) in [
            ("empty-deflate-blocks", &[][..]),
            (
                "empty-deflate-blocks-then-pixels",
                &[0, 10, 20, 0, 30, 40][..],
            ),
        ] {
            // zlib header, 1000 empty stored blocks, then `raw` in the final
            // stored block and the checksum.
            let stored = input::zlib_stored(raw);
            let mut zlib = stored[..2].to_vec();
            for _ in 0..1000 {
                zlib.extend_from_slice(&[0, 0, 0, 0xFF, 0xFF]);
            }
            zlib.extend_from_slice(&stored[2..]);
            files.push((name.to_owned(), file(&header(2, 2), &zlib)));
        }
        Ok(files)
    }

    /// Writes each file into `folder`, creating it if needed.
    fn write(folder: &Path, files: &[(String, Vec<u8>)]) -> std::io::Result<()> {
        std::fs::create_dir_all(folder)?;
        for (name, bytes) in files {
            std::fs::write(folder.join(name), bytes)?;
        }
        println!("{}: {} seeds", folder.display(), files.len());
        Ok(())
    }
}

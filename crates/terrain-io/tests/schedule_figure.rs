//! Draws `www/figures/erosion-schedule.png`, the erosion chapter's picture
//! of what the tiled schedule changes: the chapter's map at 513 x 513
//! (diamond-square, seed 7) after 100 000 droplets in schedule order,
//! minus the same droplets in their own order, a 256 x 256 corner of it
//! with the tiles' edges dotted. Red: the schedule left the ground lower;
//! blue: higher; white: the same (square-root scale, as the chapter's
//! difference view). Run it after changing erosion:
//! `cargo test -p terrain-io --release --test schedule_figure -- --ignored`.

use terrain_core::erosion::Weathering;
use terrain_core::erosion::droplets::{DropletRun, DropletSettings};
use terrain_core::erosion::schedule::Schedule;
use terrain_core::erosion::tiles::in_droplet_order;
use terrain_core::{Algorithm, MapSettings, Params, Stage, generate};

/// Pixels on a side of the picture: a corner of the map.
const CROP: usize = 256;

#[test]
#[ignore = "writes the chapter's figure"]
fn draw_the_schedules_difference() {
    let params = Params {
        map: MapSettings::new(9, 7),
        ..Params::new(Algorithm::DIAMOND_SQUARE)
    };
    let params = params.check().unwrap_or_else(|error| panic!("{error}"));
    let map = generate(&params, Stage::Done)
        .unwrap_or_else(|error| panic!("{error}"))
        .heightmap;
    let settings = DropletSettings {
        seed: 7,
        ..DropletSettings::default()
    };
    let tiled = DropletRun::erode(&map, &settings, &mut |_| {}).unwrap_or_else(|e| panic!("{e}"));
    let plain = in_droplet_order(&map, &settings).unwrap_or_else(|e| panic!("{e}"));
    let side = map.side();
    let schedule = Schedule::new(side, false, settings.lifetime, settings.radius);
    let across = schedule.across();
    let edges: Vec<usize> = (1..across)
        .map(|i| (i * (side - 1)).div_ceil(across))
        .collect();
    let difference = |x: usize, y: usize| {
        tiled.heightmap.heights()[y * side + x] - plain.heightmap.heights()[y * side + x]
    };
    let mut largest = 0.0f64;
    for y in 0..CROP {
        for x in 0..CROP {
            largest = largest.max(difference(x, y).abs());
        }
    }
    let mut pixels = Vec::with_capacity(CROP * CROP * 3);
    for y in 0..CROP {
        for x in 0..CROP {
            let on_edge = (edges.contains(&x) && y % 4 < 2) || (edges.contains(&y) && x % 4 < 2);
            if on_edge {
                pixels.extend_from_slice(&[90, 90, 90]);
                continue;
            }
            let d = difference(x, y);
            let shade = 255.0 - 255.0 * (d.abs() / largest).sqrt();
            let shade = shade.round() as u8;
            pixels.extend_from_slice(&if d < 0.0 {
                [255, shade, shade]
            } else {
                [shade, shade, 255]
            });
        }
    }
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../www/figures/erosion-schedule.png"
    );
    let file = std::fs::File::create(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), CROP as u32, CROP as u32);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::High);
    let mut writer = encoder.write_header().unwrap_or_else(|e| panic!("{e}"));
    writer
        .write_image_data(&pixels)
        .unwrap_or_else(|e| panic!("{e}"));
    println!("largest difference in the corner: {largest:.4}; tile edges at {edges:?}");
}

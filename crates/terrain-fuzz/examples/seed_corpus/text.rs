//! The seeds of the text targets: typed values, stage names, links and
//! embeds.

use terrain_core::query::to_query;
use terrain_core::registry::fields;
use terrain_core::{Algorithm, Field, MapSettings, Params, STAGE, Stage};
use terrain_fuzz::input;

use crate::{Seeds, largest, slug};

/// An embed's name, attributes and URL queries.
type AttributeSet<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a [&'a str]);

/// The values every parser must refuse (or, where valid, take) calmly.
pub const BAD: [(&str, &str); 10] = [
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

/// A stage in the middle of `params`' list, for links and embeds that
/// stop part way.
fn middle_stage(params: &Params) -> Stage {
    let stages = params.stages();
    stages[stages.len() / 2]
}

/// For every field of the registry: a bad value (each of [`BAD`] in turn),
/// its default's text and its largest value's; then hand-picked cases.
pub fn params_text() -> Seeds {
    let mut seeds: Seeds = Vec::new();
    let start = input::start_params(0);
    for (index, field) in fields().enumerate() {
        let spec = field.spec();
        let name = slug(spec.label);
        let (bad_name, bad) = BAD[index % BAD.len()];
        seeds.push((
            format!("{name}-{bad_name}"),
            input::params_text(field, 0, bad),
        ));
        seeds.push((
            format!("{name}-default"),
            input::params_text(field, 0, &start.text(field)),
        ));
        if let Some(value) = largest(spec.kind) {
            seeds.push((
                format!("{name}-largest"),
                input::params_text(field, 0, &spec.show(&value)),
            ));
        }
    }
    for (name, field, start, text) in [
        ("exponent-7-padded", Field::EXPONENT, 0, " 7 "),
        ("exponent-12-recursive", Field::EXPONENT, 2, "+12"),
        ("spread-0.25", Field::SPREAD, 0, "0.25"),
        ("spread-5.000001", Field::SPREAD, 3, "5.000001"),
        ("spread-reduction-2", Field::SPREAD_REDUCTION, 1, "2"),
        ("seed-max-plus-one", Field::SEED, 0, "18446744073709551616"),
        (
            "algorithm-capitals",
            Field::ALGORITHM,
            4,
            " Diamond-Square ",
        ),
        ("normalize-off", Field::NORMALIZE, 0, "off"),
        ("normalize-maybe", Field::NORMALIZE, 0, "maybe"),
        ("octaves-padded-noise", Field::OCTAVES, 7, "\u{a0}12\t"),
    ] {
        seeds.push((name.to_owned(), input::params_text(field, start, text)));
    }
    seeds
}

/// The first algorithm that has `stage` at its defaults, if any.
fn having(stage: Stage) -> Option<Algorithm> {
    Algorithm::all().find(|&algorithm| Params::new(algorithm).stages().contains(&stage))
}

/// For every algorithm at exponent 3: each of its stages as it writes it,
/// the first in capitals and padded, and every named stage of another
/// algorithm's that it lacks; then numbered stages past the last, odd
/// spellings, exponents out of range and the bad values.
pub fn stage_text() -> Seeds {
    let mut seeds: Seeds = Vec::new();
    let mut add = |name: String, algorithm: Algorithm, exponent: u32, text: &str| {
        seeds.push((name, input::stage_text(algorithm, exponent, text)));
    };
    let named = input::named_stages();
    for algorithm in Algorithm::all() {
        let params = Params {
            map: MapSettings::new(3, 0),
            ..Params::new(algorithm)
        };
        let stages = params.stages();
        for stage in &stages {
            add(
                format!("{algorithm}-{stage}"),
                algorithm,
                3,
                &stage.to_string(),
            );
        }
        let first = stages[0].to_string();
        let odd = format!(" {}\t", first.to_ascii_uppercase());
        add(
            format!("{algorithm}-{first}-padded-capitals"),
            algorithm,
            3,
            &odd,
        );
        for stage in named.iter().filter(|stage| !stages.contains(stage)) {
            add(
                format!("{algorithm}-lacks-{stage}"),
                algorithm,
                3,
                &stage.to_string(),
            );
        }
    }
    let default = Algorithm::DIAMOND_SQUARE;
    for (name, exponent, text) in [
        ("pass-12", 12, "pass-12"),
        ("pass-13-at-12", 12, "pass-13"),
        ("pass-0", 5, "pass-0"),
        ("pass-huge", 5, "pass-99999999999"),
        ("pass-minus", 5, "pass--1"),
        ("pass-empty", 5, "pass-"),
        ("droplets-without-erosion", 5, "droplets-1"),
        ("exponent-0", 0, "pass-1"),
        ("exponent-16", 16, "pass-16"),
    ] {
        add(name.to_owned(), default, exponent, text);
    }
    if let Some(noise) = having(Stage::Lattice) {
        add("octave-0".to_owned(), noise, 5, "octave-0");
        add("octave-13".to_owned(), noise, 5, "octave-13");
    }
    if let Some(centred) = having(Stage::Center) {
        add("centre".to_owned(), centred, 1, "centre");
    }
    for (name, text) in BAD {
        add(format!("bad-{name}"), default, 5, text);
    }
    seeds
}

/// A shared link of every algorithm (its defaults, stopped part way), then
/// real and broken links.
pub fn queries() -> Seeds {
    let mut seeds: Seeds = Algorithm::all()
        .map(|algorithm| {
            let params = Params {
                map: MapSettings::new(4, u64::MAX - 1),
                ..Params::new(algorithm)
            };
            let link = to_query(&params, middle_stage(&params));
            (
                format!("shared-{algorithm}"),
                format!("?{link}").into_bytes(),
            )
        })
        .collect();
    let mut odd = Params {
        map: MapSettings::new(6, u64::MAX - 1),
        ..Params::new(Algorithm::DIAMOND_SQUARE)
    };
    odd.subdivision.spread = 0.1 + 0.2;
    odd.subdivision.spread_reduction = 1.0 / 3.0;
    let odd_numbers = to_query(&odd, Stage::Pass(4));
    seeds.extend(
        [
            ("shared-odd-numbers", odd_numbers),
            ("readme", "algorithm=midpoint-displacement&exponent=7&spread=0.3&spreadReduction=0.5&seed=42&normalize=true&stage=pass-3".to_owned()),
            ("bad-values", "?algorithm=midpoint-displacement&exponent=40&spread=abc&seed=-1&stage=square&palette=green&wireframe".to_owned()),
            ("nan-and-huge", "spread=NaN&spreadReduction=1e309&seed=2%5E64&exponent=0".to_owned()),
            ("script", "?algorithm=%3Cscript%3Ealert(1)%3C%2Fscript%3E&stage=%3Cscript%3E".to_owned()),
            ("plus-and-escapes", "?seed=+7+&spread=%200.25%20&stage=Pass%2D2&normalize=OFF".to_owned()),
            ("malformed-escapes", "?exp%6Fnent=3&%=%&%zz=%4&%FF=%C3%28".to_owned()),
            ("empty-pairs", "?=x&&a=1&b&&=&stage=".to_owned()),
            ("repeated-keys", "exponent=3&exponent=40&exponent=4&stage=pass-4&stage=pass-5".to_owned()),
            ("stage-before-exponent", "stage=pass-9&exponent=9&algorithm=recursive-midpoint-displacement".to_owned()),
            ("noise-settings-bad", "?algorithm=perlin-noise&octaves=13&gain=2&fade=cubic&shape=ridged&stage=octave-13".to_owned()),
            ("erosion-settings", "?erosion=droplets&droplets=5&radius=0&wrap&stage=droplets-5".to_owned()),
            ("white-space", "?exponent=%09&spread=%20&seed=%0A".to_owned()),
            ("double-question-mark", "??exponent=3".to_owned()),
            ("utm", "utm_source=blog&utm_medium=%F0%9F%8F%94&view=2d".to_owned()),
            ("only-question-mark", "?".to_owned()),
        ]
        .into_iter()
        .map(|(name, text)| (name.to_owned(), text.into_bytes())),
    );
    seeds
}

/// For every algorithm, an embed giving every attribute its map reads (at
/// its default) and a stage part way; then real and broken embeds.
pub fn embeds() -> Seeds {
    let mut seeds: Seeds = Vec::new();
    for algorithm in Algorithm::all() {
        let params = Params::new(algorithm);
        let mut attributes: Vec<(&str, String)> = fields()
            .filter(|field| field.spec().surfaces.attribute && (field.parameter().applies)(&params))
            .map(|field| (field.spec().attribute, params.text(field)))
            .collect();
        attributes.push((STAGE.attribute, middle_stage(&params).to_string()));
        let attributes: Vec<(&str, &str)> = attributes
            .iter()
            .map(|(name, value)| (*name, value.as_str()))
            .collect();
        seeds.push((
            format!("every-attribute-{algorithm}"),
            input::embed_attributes(&attributes, &[]),
        ));
    }
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
        seeds.push((
            name.to_owned(),
            input::embed_attributes(attributes, queries),
        ));
    }
    seeds
}

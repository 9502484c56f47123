//! The named choices of the display settings: which controls, which view,
//! what is drawn over the 2D view.

terrain_core::named_choices! {
    /// Which controls a demo shows under its view.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
    pub enum Controls {
        /// Refresh and the seed only.
        #[default]
        None = "none",
        /// The numbers the algorithm reads, and the pass-by-pass scrubber: the
        /// articles' final demos.
        Compact = "compact",
        /// Everything: algorithm, switches, palette, view, sharing, export and
        /// import. The playground.
        Full = "full",
    }
}

terrain_core::named_choices! {
    /// How a demo shows its heightmap.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
    pub enum View {
        /// A lit 3D surface.
        #[default]
        Surface = "3d",
        /// A greyscale picture seen from above: black lowest, white highest.
        Picture = "2d",
        /// Four copies of the surface side by side, to show how it tiles.
        Tiles = "tiled",
        /// Four copies of the picture side by side.
        PictureTiles = "tiled-2d",
        /// Seen from above, what erosion did: red where it took material, blue
        /// where it left it.
        Difference = "difference",
    }
}

impl View {
    /// The name in menus.
    pub fn title(self) -> &'static str {
        match self {
            View::Surface => "3D surface",
            View::Picture => "2D greyscale",
            View::Tiles => "3D, 2 × 2 tiles",
            View::PictureTiles => "2D, 2 × 2 tiles",
            View::Difference => "2D, eroded minus original",
        }
    }

    /// Whether this view is drawn in 3D.
    pub fn is_3d(self) -> bool {
        matches!(self, View::Surface | View::Tiles)
    }

    /// Whether this view repeats the map 2 x 2.
    pub fn is_tiled(self) -> bool {
        matches!(self, View::Tiles | View::PictureTiles)
    }

    /// The same view flattened to a picture, for when there is no WebGL.
    pub fn as_picture(self) -> View {
        match self {
            View::Tiles | View::PictureTiles => View::PictureTiles,
            View::Difference => View::Difference,
            View::Surface | View::Picture => View::Picture,
        }
    }
}

terrain_core::named_choices! {
    /// What a 2D view draws over its picture.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
    pub enum Overlay {
        /// Nothing.
        #[default]
        None = "none",
        /// A gradient noise's first lattice: its cells' edges (squares, or the
        /// skewed triangles of simplex noise).
        Lattice = "lattice",
        /// A gradient noise's first-octave gradients: an arrow at each lattice
        /// point.
        Gradients = "gradients",
        /// The map's slope: arrows pointing downhill, as long as it is steep.
        Flow = "flow",
    }
}

impl Overlay {
    /// The name in menus.
    pub fn title(self) -> &'static str {
        match self {
            Overlay::None => "Nothing drawn over it",
            Overlay::Lattice => "The noise's lattice",
            Overlay::Gradients => "The lattice's gradients",
            Overlay::Flow => "Downhill arrows",
        }
    }
}

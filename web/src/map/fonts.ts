// The styles carry no `glyphs` URL on purpose: MapLibre 5 then draws every label glyph in the
// browser with TinySDF from a CSS font (GlyphManager: "if the style hasn't opted into server-side
// fonts, draw the glyph locally"). Labels work offline with no glyph server and no font files.
// The names are CSS families tried first; the browser falls back to its sans-serif. The weight is
// read from the name ("Bold", "Medium").

export const FONT_REGULAR = ['Noto Sans Regular'];
export const FONT_MEDIUM = ['Noto Sans Medium'];
export const FONT_BOLD = ['Noto Sans Bold'];

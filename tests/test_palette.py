"""The pages' colours read well (WCAG 2.1 AA, 1.4.3: 4.5:1 for text): every text colour
of every palette (static/css/app.css dark and light, static/css/starwars.css's starfield,
Legends' colours in static/css/feats.css, the role colours) on every surface it is
written on. The browser test (tests/test_browser_a11y.py) runs axe-core over the pages
themselves; this one reads the stylesheets and needs no browser, so a colour changed in
the CSS fails here at once, on every surface, even one no page shows yet."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

CSS = Path(__file__).resolve().parent.parent / "static" / "css"
TEXT = ("text", "muted", "accent", "danger", "ok", "life")       # colours words are set in
SURFACES = ("bg", "surface", "surface-2")                        # what words are set on
AA = 4.5


def block(css: str, opening: str) -> str:
    """The text inside the braces that follow `opening` (a selector or an at-rule)."""
    start = css.index(opening)
    i = css.index("{", start) + 1
    depth, j = 1, i
    while depth:
        depth += {"{": 1, "}": -1}.get(css[j], 0)
        j += 1
    return css[i:j - 1]


def variables(text: str) -> dict[str, str]:
    return dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})\b", text))


def role_colours(text: str) -> dict[str, str]:
    return dict(re.findall(r"\.role-([\w]+)\s*\{\s*color:\s*(#[0-9a-fA-F]{6})", text))


def luminance(hex_colour: str) -> float:
    def channel(c: int) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def palettes() -> dict[str, tuple[dict, dict]]:
    """{name: (the palette's variables, its role colours)}."""
    app = (CSS / "app.css").read_text()
    light = block(app, "@media (prefers-color-scheme: light) {\n  :root")
    roles_light = block(app, "@media (prefers-color-scheme: light) {\n  .role-sheriff")
    top = re.sub(r"@media[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}", "", app)   # no @media blocks
    feats = (CSS / "feats.css").read_text()
    legend_dark = variables(feats.split("@media")[0])
    legend_light = variables(block(feats, "@media (prefers-color-scheme: light)"))
    starwars = (CSS / "starwars.css").read_text()
    star = variables(block(starwars, ':root[data-theme="starfield"]'))
    star_light = variables(block(block(starwars, "@media (prefers-color-scheme: light)"),
                                 ':root[data-theme="starfield"]'))
    dark = variables(block(app, ":root"))
    return {
        "dark": ({**dark, **legend_dark}, role_colours(top)),
        "light": ({**dark, **variables(light), **legend_light}, role_colours(roles_light)),
        "starfield": ({**dark, **star}, role_colours(starwars)),
        "starfield, light setting": ({**dark, **star_light}, role_colours(starwars)),
    }


def pairs(colours: dict, roles: dict):
    """(what, foreground, background) for every text colour on every surface it meets."""
    for fg in TEXT:
        for bg in SURFACES:
            yield f"--{fg} on --{bg}", colours[fg], colours[bg]
    for bg in ("danger-bg", "ok-bg"):                 # banners: words and the rule's name
        for fg in ("text", "muted"):
            yield f"--{fg} on --{bg}", colours[fg], colours[bg]
    yield "--accent-ink on --accent (a primary button)", colours["accent-ink"], colours["accent"]
    if "legend" in colours:
        yield "--legend-ink on --legend (the Legend badge)", colours["legend-ink"], colours["legend"]
        for bg in SURFACES:
            yield f"--legend on --{bg}", colours["legend"], colours[bg]
    for role, fg in roles.items():
        for bg in SURFACES:
            yield f".role-{role} on --{bg}", fg, colours[bg]


@pytest.mark.parametrize("name", ["dark", "light", "starfield", "starfield, light setting"])
def test_every_text_colour_reads_on_every_surface(name):
    colours, roles = palettes()[name]
    assert len(roles) >= 4, roles
    low = [f"{what}: {contrast(fg, bg):.2f}:1 ({fg} on {bg})"
           for what, fg, bg in pairs(colours, roles) if contrast(fg, bg) < AA]
    assert not low, f"{name}: under {AA}:1:\n" + "\n".join(low)


def test_the_contrast_check_can_fail():
    # the light palette's accent before issue 27: links at 4.22:1 on the page
    assert round(contrast("#a8601a", "#f6efe3"), 2) == 4.22
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    colours, roles = palettes()["light"]
    assert any(contrast(fg, bg) < AA for _, fg, bg in pairs({**colours, "accent": "#a8601a"}, roles))

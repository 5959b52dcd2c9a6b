"""`battlebox layout-from-photo`: the photo measurer for clubs and scripts, without Qt."""
from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from core.text import plural

RECT_AREAS = ("standard", "pool-table")
RUG = "rug"


def add_parser(sub) -> None:
    """The sub-command's arguments, on gui/cli.py's sub-parser set."""
    lp = sub.add_parser("layout-from-photo", help="find the chips in a photo of a real table and print "
                        "their centres in cm from the area's top-left corner")
    lp.add_argument("photo", metavar="PHOTO", help="a JPEG or PNG of the table")
    lp.add_argument("--area", default="standard", choices=(*RECT_AREAS, RUG),
                    help="the playing area (default standard)")
    lp.add_argument("--corners", metavar="X1,Y1,...,X4,Y4",
                    help="the area's corners in image pixels: top-left, top-right, bottom-right, bottom-left "
                         "(write --corners=-12,... when the first number is negative)")
    lp.add_argument("--outline", metavar="X,Y,...", help="rug: at least 5 points on its edge, in image pixels")
    lp.add_argument("--top", metavar="X,Y", help="rug: the point of its edge at the top of the layout")
    lp.add_argument("--thickness-mm", type=float, default=3.3, metavar="MM", help="chip thickness (default 3.3)")
    lp.add_argument("--focal-35mm", type=float, default=None, metavar="MM",
                    help="the lens's 35 mm-equivalent focal length (default: the photo's EXIF, else 26)")
    lp.add_argument("--json", action="store_true", help="print one JSON object")


def _numbers(text: str, option: str, count: int | None = None, least: int | None = None) -> list[tuple[float, float]]:
    from core.clout.photo import PhotoError

    try:
        values = [float(v) for v in text.replace(";", ",").split(",") if v.strip()]
    except ValueError:
        raise PhotoError(f"{option} must be comma-separated numbers, got {text!r}") from None
    if len(values) % 2:
        raise PhotoError(f"{option} needs x,y pairs, got an odd count of numbers ({len(values)})")
    pts = list(zip(values[::2], values[1::2]))
    if count is not None and len(pts) != count:
        raise PhotoError(f"{option} needs {plural(count, 'x,y point')}, got {len(pts)}")
    if least is not None and len(pts) < least:
        raise PhotoError(f"{option} needs at least {least} x,y points, got {len(pts)}")
    return pts


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    from core.clout.photo import PhotoError, find_chips, load_photo, map_area

    out = out or sys.stdout
    try:
        if args.area == RUG:
            if not args.outline or not args.top or args.corners:
                raise PhotoError("the rug takes --outline X,Y,... (at least 5 points) and --top X,Y, not --corners")
            marks = {"outline": _numbers(args.outline, "--outline", least=5), "top": _numbers(args.top, "--top", 1)}
        else:
            if not args.corners or args.outline or args.top:
                raise PhotoError(f"the {args.area} area takes --corners X1,Y1,X2,Y2,X3,Y3,X4,Y4 "
                                 "(top-left, top-right, bottom-right, bottom-left)")
            marks = {"corners": _numbers(args.corners, "--corners", 4)}
        if args.focal_35mm is not None and not 8 <= args.focal_35mm <= 400:
            raise PhotoError(f"--focal-35mm {args.focal_35mm:g} is not a lens (8 to 400 mm)")
        photo = load_photo(args.photo)
        mapping = map_area(args.area, photo.size, focal_35mm=args.focal_35mm or photo.focal_35mm, **marks)
        detection = find_chips(photo, mapping, thickness_mm=args.thickness_mm)
    except PhotoError as e:
        print(f"battlebox: layout-from-photo: {e}", file=sys.stderr)
        return 1
    chips = sorted(detection.chips, key=lambda c: (c.y_cm, c.x_cm))
    if args.json:
        doc = {"area": args.area,
               "chips": [{"x_cm": round(c.x_cm, 2), "y_cm": round(c.y_cm, 2), "confidence": c.confidence}
                         for c in chips],
               "uncertainty_mm": detection.uncertainty_mm}
        print(json.dumps(doc), file=out)
        return 0
    print(f"{photo.source}: {len(chips)} chips on the {args.area} area "
          f"(cm from its top-left corner, about ±{detection.uncertainty_mm:.1f} mm each)", file=out)
    print(f"{'#':>3}  {'x cm':>7}  {'y cm':>7}  {'confidence':>10}  colour", file=out)
    for i, c in enumerate(chips, 1):
        colour = "#{:02x}{:02x}{:02x}".format(*c.colour)
        print(f"{i:>3}  {c.x_cm:7.2f}  {c.y_cm:7.2f}  {c.confidence:10.2f}  {colour}", file=out)
    return 0

"""WidgetFlow: pieces wrap onto further rows when their room is narrow, and the flow's fixed
height always holds every row, so a card around it never cuts a row off."""
from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QFrame, QVBoxLayout, QWidget

from gui.kit.flow import WidgetFlow


def pieces(n: int) -> list[QWidget]:
    out = []
    for _ in range(n):
        w = QWidget()
        w.setFixedSize(78, 118)
        out.append(w)
    return out


def rows_of(flow: WidgetFlow) -> int:
    return len({w.y() for w in flow.items})


def test_pieces_wrap_to_the_width_and_the_card_around_them_grows(qtbot):
    card = QFrame()
    lay = QVBoxLayout(card)
    lay.setContentsMargins(8, 8, 8, 8)
    flow = WidgetFlow(spacing=5)
    lay.addWidget(flow)
    lay.addStretch(1)
    qtbot.addWidget(card)
    flow.set_items(pieces(6))
    card.resize(16 + 3 * 78 + 2 * 5, 600)
    card.show()
    qtbot.waitUntil(lambda: rows_of(flow) == 2)
    assert flow.height() == 2 * 118 + 5
    rects = [w.geometry() for w in flow.items]
    assert all(flow.rect().contains(r) for r in rects)
    assert not any(a.intersects(b) for i, a in enumerate(rects) for b in rects[i + 1:])

    card.resize(16 + 6 * 78 + 5 * 5, 600)
    qtbot.waitUntil(lambda: rows_of(flow) == 1)
    assert flow.height() == 118

    card.resize(16 + 78, 900)
    qtbot.waitUntil(lambda: rows_of(flow) == 6)
    assert flow.height() == 6 * 118 + 5 * 5
    assert card.minimumSizeHint().height() >= flow.height() + 16


def test_new_items_replace_the_old_ones(qtbot):
    flow = WidgetFlow()
    qtbot.addWidget(flow)
    old = pieces(3)
    flow.set_items(old)
    flow.resize(400, 100)
    new = pieces(2)
    flow.set_items(new)
    assert flow.items == new and all(w.parentWidget() is flow for w in new)
    assert all(w.isHidden() for w in old)
    assert QRect(0, 0, 400, flow.height()).contains(new[1].geometry())
    flow.set_items([])
    assert flow.height() == 0 and flow.sizeHint().height() == 0


def test_a_side_panel_takes_its_share_within_its_bounds():
    from gui.kit.layouts import side_width

    assert side_width(934, 0.33, 300, 486) == 308  # 1280x800 beside the docks
    assert side_width(744, 0.33, 300, 486) == 300  # 1024x640: never under the least
    assert side_width(2220, 0.33, 300, 486) == 486  # 2560x1440: never over the most

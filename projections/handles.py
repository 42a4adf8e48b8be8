"""The handles a store knows, kind after kind: what ``campaign handles`` lists and the shell
completes (docs/json.md#handles, docs/cli.md#the-shell). A plain select over the read models,
as :mod:`projections.queries`."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, select

from campaign.rules import d6harmonie
from projections import tables


def handles(connection: Connection) -> list[dict[str, Any]]:
    """``handles --json`` (docs/json.md#handles): every handle, kind after kind (encounters,
    groups, companies, characters, items, flaws, advantages), each kind in creation order."""
    e, g, c, i = tables.encounters.c, tables.groups.c, tables.companies.c, tables.items.c
    ch = tables.characters.c
    named = dict(connection.execute(select(c.handle, c.name)).all())  # a company's group
    groups = select(g.handle, g.kind, g.name, g.encounter).join(
        tables.encounters, e.handle == g.encounter
    )
    found = [
        _handle("encounter", r.handle, r.name)
        for r in connection.execute(select(e.handle, e.name).order_by(e.created))
    ]
    found += [
        _handle(
            "group",
            r.handle,
            named.get(r.handle) if r.kind == "company" and r.name is None else r.name,
            r.encounter,
        )
        for r in connection.execute(groups.order_by(e.created, g.seq))
    ]
    found += [
        _handle("company", r.handle, r.name)
        for r in connection.execute(select(c.handle, c.name).order_by(c.created))
    ]
    characters = connection.execute(select(ch.handle, ch.data).order_by(ch.created)).all()
    found += [_handle("character", r.handle, r.data.get("name")) for r in characters]
    order = {r.handle: n for n, r in enumerate(characters)}
    items = connection.execute(select(i.character, i.name).order_by(i.seq)).all()
    found += [
        _handle("item", r.name, r.name, r.character)
        for r in sorted(items, key=lambda r: order.get(r.character, 0))
    ]
    for kind in ("flaw", "advantage"):
        for r in characters:
            for trait in r.data.get(f"{kind}s", []):
                detail = "" if trait["detail"] is None else f":{trait['detail']}"
                name = d6harmonie.find_trait(trait["key"]).name_fr
                found.append(_handle(kind, trait["key"] + detail, name, r.handle))
    return found


def _handle(kind: str, handle: str, name: str | None, of: str | None = None) -> dict[str, Any]:
    return {"kind": kind, "handle": handle, "name": name, "of": of}

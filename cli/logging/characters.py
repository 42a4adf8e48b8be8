"""Characters (docs/log-language.md#characters): ``character create|trait|finalize|stat|
loyalty-modifier|item|item-drop|item-repair|saves|heal`` and ``condition end``."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Annotated, Any

import typer

from campaign.commands import (
    CharacterCreate,
    CharacterFinalize,
    CharacterHeal,
    CharacterItem,
    CharacterSaves,
    CharacterStat,
    CharacterTrait,
    ConditionEnd,
    ItemDrop,
    ItemRepair,
    LoyaltyModifier,
)
from campaign.core.i18n import _
from cli.logging._options import NoteOption, SecretOption, signed
from cli.render.words import said as word_said
from cli.state import record

if TYPE_CHECKING:
    from campaign.service.results import ConditionsEnded, CreateResult, TraitResult

app = typer.Typer(help="Characters and retainers: traits, scores, items, saves, recovery.")
conditions = typer.Typer(help="Conditions a flaw started.")

Handle = Annotated[str, typer.Argument(help="The character's handle, e.g. brynn.")]
Item = Annotated[str, typer.Argument(help="The item's name (free text, quoted).")]


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="character")
    root.add_typer(conditions, name="condition")


@app.command("create")
def create(
    ctx: typer.Context,
    handle: Handle,
    name: Annotated[str | None, typer.Option("--name", help="The character's name.")] = None,
    flaw: Annotated[
        list[str] | None, typer.Option("--flaw", help="KEY[:detail], repeatable.")
    ] = None,
    advantage: Annotated[
        list[str] | None, typer.Option("--advantage", help="KEY[:detail], repeatable.")
    ] = None,
    retainer_of: Annotated[
        str | None, typer.Option("--retainer-of", help="The employer, for a retainer.")
    ] = None,
    employer_cha: Annotated[
        int | None, typer.Option("--employer-cha", help="The employer's CHA, 3–18.")
    ] = None,
    hiring_roll: Annotated[
        str | None, typer.Option("--hiring-roll", help="The raw 2d6 hiring reaction roll.")
    ] = None,
    reaction_mod: Annotated[
        int, typer.Option("--reaction-mod", help="Other reaction modifiers.")
    ] = 0,
    loyalty: Annotated[
        int | None, typer.Option("--loyalty", help="An explicit loyalty (a ruling if it differs).")
    ] = None,
    note: NoteOption = None,
) -> None:
    """Create a character; traits taken now are creation traits; a retainer's loyalty comes
    from the employer's CHA.

    Example: campaign character create brynn --name Brynn --flaw phobie-legere:spiders
    """
    record(
        ctx,
        CharacterCreate(
            handle=handle,
            name=name,
            flaws=tuple(flaw or ()),
            advantages=tuple(advantage or ()),
            retainer_of=retainer_of,
            employer_cha=employer_cha,
            hiring_roll=hiring_roll,
            reaction_mod=reaction_mod,
            loyalty=loyalty,
            note=note,
        ),
        lambda c: (
            _("{who} created — flaws {flaws} pts, advantages {advantages} pts").format(
                who=c.handle, flaws=c.flaw_points, advantages=c.advantage_points
            )
            + _loyalty(c)
        ),
    )


def _loyalty(created: CreateResult) -> str:
    if created.loyalty is None:
        return ""
    if created.rules_say not in (None, created.loyalty):
        said = _("loyalty {n} (ruling; the CHA table says {table})")
        return "; " + said.format(n=created.loyalty, table=created.rules_say)
    return "; " + _("loyalty {n}").format(n=created.loyalty)


@app.command("trait")
def trait(
    ctx: typer.Context,
    handle: Handle,
    flaw: Annotated[str | None, typer.Option("--flaw", help="A flaw KEY[:detail].")] = None,
    advantage: Annotated[
        str | None, typer.Option("--advantage", help="An advantage KEY[:detail].")
    ] = None,
    secret: SecretOption = False,
    note: NoteOption = None,
) -> None:
    """Add a trait (after `finalize` it is recorded and flagged, TRT001). --secret keeps it
    behind the screen: the players' recap leaves it out (enemy-secret always is).

    Example: campaign character trait brynn --advantage nerfs-d-acier
    """
    from campaign.core.errors import ImpossibleInput
    from campaign.core.i18n import N_

    if (flaw is None) == (advantage is None):
        raise ImpossibleInput(
            N_("give one trait: --flaw KEY or --advantage KEY"),
            field="flaw",
            expected=N_("--flaw KEY[:detail] or --advantage KEY[:detail]"),
            values={},
        )
    kind, key = ("flaw", flaw) if flaw is not None else ("advantage", advantage)
    assert key is not None

    def say(taken: TraitResult) -> str:
        late = " — " + _("after creation (TRT001)") if taken.after_creation else ""
        said = _("{who}: flaw {key} ({points} pts)")
        if kind == "advantage":
            said = _("{who}: advantage {key} ({points} pts)")
        return said.format(who=handle, key=taken.key, points=taken.points) + late

    command = CharacterTrait(handle=handle, kind=kind, key_detail=key, note=note, secret=secret)
    record(ctx, command, say)


@app.command("finalize")
def finalize(ctx: typer.Context, handle: Handle, note: NoteOption = None) -> None:
    """Creation is over: traits taken from now on are flagged (TRT001).

    Example: campaign character finalize brynn
    """
    record(
        ctx,
        CharacterFinalize(handle=handle, note=note),
        lambda _none: _("{who}: creation finalized").format(who=handle),
    )


@app.command("stat")
def stat(
    ctx: typer.Context,
    handle: Handle,
    name: Annotated[str, typer.Argument(help="The score: moral, resistance, cha, …")],
    value: Annotated[int, typer.Argument(help="Its value (signed where scores are).")],
    note: NoteOption = None,
) -> None:
    """Set a score.

    Example: campaign character stat brynn moral -1
    """
    record(
        ctx,
        CharacterStat(handle=handle, name=name, value=value, note=note),
        lambda done: f"{handle}: {done.name} {done.value}",
    )


@app.command("loyalty-modifier")
def loyalty_modifier(
    ctx: typer.Context,
    handle: Handle,
    value: Annotated[int, typer.Argument(help="The change, signed: +1, -1.")],
    reason: Annotated[str, typer.Option("--reason", help="Rescued, rewarded, ill-treated…")],
    note: NoteOption = None,
) -> None:
    """A retainer's loyalty adjusted.

    Example: campaign character loyalty-modifier cedric +1 --reason "rescued from the pit"
    """
    record(
        ctx,
        LoyaltyModifier(handle=handle, value=value, reason=reason, note=note),
        lambda loyalty: _("{who}: loyalty {value} ({reason}) → {loyalty}").format(
            who=handle, value=signed(value), reason=reason, loyalty=loyalty
        ),
    )


@app.command("item")
def item(
    ctx: typer.Context,
    handle: Handle,
    name: Item,
    slot: Annotated[
        str,
        typer.Option(
            "--slot",
            help="shield, armor, head, held, cloak, stowed-weapon, bracers, clothing, jewelry, "
            "other.",
        ),
    ],
    magic: Annotated[bool, typer.Option("--magic", help="A magic item.")] = False,
    caster_level: Annotated[
        int | None, typer.Option("--caster-level", help="A magic item's caster level.")
    ] = None,
    hardness: Annotated[int | None, typer.Option("--hardness", help="Its hardness.")] = None,
    hp: Annotated[int | None, typer.Option("--hp", help="Its hit points.")] = None,
    unattended: Annotated[bool, typer.Option("--unattended", help="Not carried or worn.")] = False,
    note: NoteOption = None,
) -> None:
    """An item carried or worn.

    Example: campaign character item brynn "Tower shield" --slot shield --hardness 5 --hp 20
    """
    record(
        ctx,
        CharacterItem(
            handle=handle,
            name=name,
            slot=slot,
            magic=magic,
            caster_level=caster_level,
            hardness=hardness,
            hp=hp,
            unattended=unattended,
            note=note,
        ),
        lambda added: _("{who}: {item} ({slot}, rank {rank})").format(
            who=handle, item=added.item, slot=added.slot, rank=added.rank
        ),
    )


@app.command("item-drop")
def item_drop(ctx: typer.Context, handle: Handle, name: Item, note: NoteOption = None) -> None:
    """An item leaves the character.

    Example: campaign character item-drop brynn "Tower shield"
    """
    record(
        ctx,
        ItemDrop(handle=handle, item=name, note=note),
        lambda dropped: _("{who}: {item} dropped").format(who=handle, item=dropped),
    )


@app.command("item-repair")
def item_repair(
    ctx: typer.Context,
    handle: Handle,
    name: Item,
    hp: Annotated[
        int | None, typer.Option("--hp", help="Hit points after (default: full).")
    ] = None,
    note: NoteOption = None,
) -> None:
    """An item is mended.

    Example: campaign character item-repair brynn "Tower shield" --hp 20
    """
    record(
        ctx,
        ItemRepair(handle=handle, item=name, hp=hp, note=note),
        lambda mended: (
            _("{who}: {item} mended — {state}").format(
                who=handle, item=mended.item, state=word_said(mended.state)
            )
            + ("" if mended.hp is None else ", " + _("{hp} hp").format(hp=mended.hp))
        ),
    )


@app.command("saves")
def saves(
    ctx: typer.Context,
    handle: Handle,
    fortitude: Annotated[int, typer.Option("--fortitude", help="Fortitude save bonus.")],
    reflex: Annotated[int, typer.Option("--reflex", help="Reflex save bonus.")],
    will: Annotated[int, typer.Option("--will", help="Will save bonus.")],
    note: NoteOption = None,
) -> None:
    """The character's save bonuses.

    Example: campaign character saves brynn --fortitude 4 --reflex 1 --will 2
    """
    record(
        ctx,
        CharacterSaves(handle=handle, fortitude=fortitude, reflex=reflex, will=will, note=note),
        lambda s: (
            f"{handle}: fortitude {signed(s.fortitude)}, reflex {signed(s.reflex)}, "
            f"will {signed(s.will)}"
        ),
    )


@app.command("heal")
def heal(
    ctx: typer.Context,
    handle: Handle,
    hp: Annotated[int | None, typer.Option("--hp", help="Hit points recovered.")] = None,
    location: Annotated[str, typer.Option("--location", help="Where (torso).")] = "torso",
    conscience: Annotated[
        int | None, typer.Option("--conscience", help="Conscience recovered.")
    ] = None,
    damage: Annotated[int | None, typer.Option("--damage", help="Damage healed.")] = None,
    note: NoteOption = None,
) -> None:
    """Recovery: never past what was lost.

    Example: campaign character heal brynn --damage 10
    """
    given = {"hp": hp, "conscience": conscience, "damage": damage}
    record(
        ctx,
        CharacterHeal(
            handle=handle,
            hp=hp,
            location=location,
            conscience=conscience,
            damage=damage,
            note=note,
        ),
        lambda healed: _healed(handle, given, asdict(healed)),
    )


def _healed(handle: str, given: dict[str, int | None], healed: dict[str, Any]) -> str:
    """What was recovered, beside what the GM gave when less was lost (``heal`` recovers at
    most what was lost, and records the GM's amounts, docs/log-language.md#characters):
    ``healed 4 hp at torso (10 given, only 4 lost)``; ``nothing healed — 0 hp at leg (5 given,
    none lost there)``."""
    said = []
    for kind, amount in given.items():
        if amount is None:
            continue
        got = healed[kind]
        part = f"{got} {kind}" + (f" at {healed['location']}" if kind == "hp" else "")
        lost = "taken" if kind == "damage" else "lost"
        if 0 < got < amount:
            part += f" ({amount} given, only {got} {lost})"
        elif got < amount:
            part += f" ({amount} given, none {lost}{' there' if kind == 'hp' else ''})"
        said.append(part)
    if any(healed[kind] for kind, amount in given.items() if amount is not None):
        return _("{who}: healed {what}").format(who=handle, what=", ".join(said))
    return _("{who}: nothing healed — {what}").format(who=handle, what=", ".join(said))


@conditions.command("end")
def condition_end(
    ctx: typer.Context,
    handle: Handle,
    source: Annotated[
        str,
        typer.Argument(
            help="The flaw that started it, e.g. phobia-mild; KEY:detail for one of several "
            "such flaws (phobia-mild:rats)."
        ),
    ],
    note: NoteOption = None,
) -> None:
    """A condition ends before its time.

    Example: campaign condition end brynn phobia-mild
    """
    record(ctx, ConditionEnd(handle=handle, source=source, note=note), _said_ended(handle))


def _said_ended(handle: str):
    def say(ended: ConditionsEnded) -> str:
        said = _("{who}: {source} conditions ended").format(who=handle, source=ended.named)
        if ended.over is not None:  # recorded as said: nothing was left to end
            from campaign.core.clock import moment_said

            at = moment_said(ended.over, exact=True)
            said += " " + _("(they had ended by themselves at {moment})").format(moment=at)
        return said

    return say

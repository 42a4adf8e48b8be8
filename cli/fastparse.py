"""Parsing a command's line with Click's own parser, built once per command, not once per line.

A replayed log runs every line through the very command the live CLI runs (one grammar,
SPEC §4). Click rebuilds that command's option parser for each line, then hands each
parameter its value through a generic path (the value's source, environment variables, a
default map, prompts, error decoration): together a quarter of a replay (docs/PERFORMANCE.md,
B1). :class:`ParsedOnce` keeps the parser Click built from the command's parameters — the
grammar itself, not a copy of it — and gives each plain parameter its value the way that
generic path would: the parsed value, else the parameter's default, through the parameter's
own ``process_value`` (its type, whether it is required). A parameter with anything more
(an environment variable, a prompt, a callback such as ``--help``'s, eagerness) still goes
through Click's path, and so does the whole line when its processing raises: every error a
user sees is Click's. tests/cli/test_fastparse.py checks, line by line over the example and the
generated campaigns, that both give the same values.

Two more things Click does for every line are done once per command here. A parameter the line
does not give gets its default through ``process_value``; when that default is a constant and
its processed value immutable (``None``, ``False``, ``0``, ``"torso"``), the processed value is
kept (``_Plan``). And when every parameter is plain, they are processed in declaration order
instead of being sorted by where the line gave them: a plain parameter has no callback, so the
order shows only in which error comes first, and an error sends the line to Click's own path,
which processes them in its order. :func:`line_context` makes the context of the command a line
names (``company hire …``: the leaf ``hire``, its parent the ``company`` group) without parsing
the group's part of the line, which holds nothing but the subcommand's name.

Knowing the command's parameters, a :class:`ParsedOnce` also names the field of an input error
its command raises as the GM types it (:func:`spelt`).

Its parser differs from Click's in two things, for every command and on both paths (Click's
own path builds its parser with ``make_parser`` too). A word that starts with ``-`` and a digit
is a value, not an option (SPEC §4, "signed values are values": ``adjust ford goblins -1``) —
so ``casualty ford goblins -1`` reaches the command, which says what a count may be, and a
mistyped option (``--reasn``) is still Click's "No such option", with its suggestion, on the
commands that take signed values too. And an option that takes one value, or a flag, given
twice on a line is an error ("--roll is given twice (3,5 and 1,1); expected it once"), where
Click keeps the last value and drops the other unsaid; an option declared repeatable
(``--flaw``: ``list[str]``) appends as before.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from typer._click.core import ParameterSource, iter_params_for_processing
from typer._click.exceptions import BadOptionUsage, ClickException
from typer._click.parser import _normalize_opt, _Option, _OptionParser
from typer.core import TyperCommand, TyperGroup
from typer.models import CommandInfo

from campaign.core.errors import ImpossibleInput

_NO_DEFAULT = object()
_IMMUTABLE = (type(None), bool, int, float, str)


def _plain(param: Any) -> bool:
    """Nothing but a value: what Click's generic path would add is known to be nothing."""
    return (
        param.envvar is None
        and param.callback is None
        and not param.is_eager
        and getattr(param, "prompt", None) is None
        and not getattr(param, "deprecated", False)
        and param.expose_value
    )


def _kept(value: Any) -> bool:
    """A processed default that every line may share: nothing in it can be changed."""
    if isinstance(value, tuple):
        return all(_kept(item) for item in value)
    return type(value) in _IMMUTABLE


@dataclass
class _Plan:
    """What parsing a command's lines needs, found once per command (see the module's text)."""

    parser: Any  # Click's parser, built from the command's parameters
    params: list[Any]  # as ``get_params`` gives them: the command's, then --help
    plain: dict[str, bool] = field(default_factory=dict)  # name → the parameter is plain
    defaults: dict[str, Any] = field(default_factory=dict)  # name → processed constant default
    help: Any = None  # the --help option

    @property
    def all_plain(self) -> bool:
        """Every parameter but --help is plain: any order of processing will do."""
        return all(self.plain.values())


class _SignedValues(_OptionParser):
    """Click's parser, where ``-1`` (a word of ``-`` and a digit first) is a value: no option
    of ours is spelt with a digit; and where an option that takes one value, or a flag, is
    given at most once on a line (:class:`_Once`)."""

    def _process_opts(self, arg: str, state: Any) -> None:
        if arg[1:2] in _DIGITS:
            state.largs.append(arg)
        else:
            super()._process_opts(arg, state)

    def add_option(
        self,
        obj: Any,
        opts: Any,
        dest: str | None,
        action: str = "store",
        nargs: int = 1,
        const: Any | None = None,
    ) -> None:
        super().add_option(obj, opts, dest, action=action, nargs=nargs, const=const)
        if action not in ("store", "store_const") or obj.is_eager:
            return  # repeatable (``list[...]``: append), or --help's own
        option = self._long_opt.get(_normalize_opt(opts[0], self.ctx)) or self._short_opt.get(
            _normalize_opt(opts[0], self.ctx)
        )
        option.__class__ = _Once
        option.parser = self


class _Once(_Option):
    """An option that takes one value (``--roll 3,5``) or a flag (``--cornered``): given twice
    on one line, the line is refused — Click keeps the last value and drops the other unsaid
    (``morale e g --roll 3,5 --roll 1,1`` recorded 1,1). Raised while parsing, so Click's own
    path and the fast one refuse the same line with the same error (both parse with this
    parser). Options declared repeatable (``--flaw``: ``list[str]``) append, and are not one."""

    parser: _OptionParser

    def process(self, value: Any, state: Any) -> None:
        if self.dest in state.opts:
            raise BadOptionUsage(
                self.name, self._twice(state.opts[self.dest], value), self.parser.ctx
            )
        super().process(value, state)

    @property
    def name(self) -> str:
        return (self._long_opts or self._short_opts)[0]

    def _twice(self, before: Any, value: Any) -> str:
        if self.action == "store":
            import shlex

            def said(v: Any) -> str:
                return " ".join(map(shlex.quote, v)) if isinstance(v, tuple) else shlex.quote(v)

            return (
                f"{self.name} is given twice ({said(before)} and {said(value)}); expected it once"
            )
        if before == self.const or not self.obj.secondary_opts:
            return f"{self.name} is given twice; expected it once"
        other = (
            self.obj.opts[0] if self.name in self.obj.secondary_opts else self.obj.secondary_opts[0]
        )
        return f"{other} and {self.name} are both given; expected one of them"


_DIGITS = frozenset("0123456789")


def make_parser(command: Any, ctx: Any) -> _OptionParser:
    """``command``'s parser, as Click makes it but for :class:`_SignedValues`' two differences:
    every command's, and the root's (``campaign --db a --db b …`` is refused too)."""
    parser = _SignedValues(ctx)
    for param in command.get_params(ctx):
        param.add_to_parser(parser, ctx)
    return parser


class ParsedOnce(TyperCommand):
    """A Typer command that parses with its parser built once (see the module's text)."""

    _plans: dict[tuple[Any, ...], _Plan] | None = None

    def make_parser(self, ctx: Any) -> _OptionParser:
        return make_parser(self, ctx)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if not (ctx.resilient_parsing or ctx.auto_envvar_prefix or ctx.default_map):
            try:
                rest = self._parse_once(ctx, args)
            except ClickException:
                rest = None  # Click's own path says what is wrong, as it would have
            if rest is not None:
                return rest
            ctx.params.clear()
        return super().parse_args(ctx, args)

    def invoke(self, ctx: Any) -> Any:
        for name, value in ctx.params.items():
            if type(value) is str and "\r" in value:  # read as a log reads it (SPEC §5 export)
                from campaign.sessionlog.reading import line_feeds

                ctx.params[name] = line_feeds(value)
        try:
            return super().invoke(ctx)
        except ImpossibleInput as error:
            if error.option is None and error.field not in (None, "line"):
                error.option = spelt(ctx, error.field)
            raise
        except Exception as error:
            from campaign.store import unreadable

            said = unreadable(error)
            if said is None:
                raise
            raise said from None

    def _parse_once(self, ctx: Any, args: list[str]) -> list[str] | None:
        """The rest of the line, or None when Click's own path must parse it."""
        if not args and self.no_args_is_help:
            return None
        # What a parser takes from its context, besides the command: kept per such settings
        # (one, in practice: a command's contexts all come from its own context_settings).
        settings = (
            ctx.allow_interspersed_args,
            ctx.ignore_unknown_options,
            tuple(ctx.help_option_names),
        )
        plan = (self._plans or {}).get(settings) or self._plan(ctx, settings)
        plan.parser.ctx = ctx  # what its errors name
        opts, rest, order = plan.parser.parse_args(args=list(args))  # it consumes the list
        params = plan.params
        if not plan.all_plain or (plan.help is not None and plan.help.name in opts):
            params = iter_params_for_processing(order, params)  # Click's order matters
        plain, defaults = plan.plain, plan.defaults
        for param in params:
            name = param.name
            if param is plan.help and name not in opts:
                # --help not given: Click's path would find its default (False), and its
                # callback would do nothing with it.
                ctx.set_parameter_source(name, ParameterSource.DEFAULT)
                continue
            if not plain.get(name, False):
                _, rest = param.handle_parse_result(ctx, opts, rest)
                continue
            value = opts.get(name)
            if value is None:
                ctx.set_parameter_source(name, ParameterSource.DEFAULT)
                value = defaults.get(name, _NO_DEFAULT)
                if value is not _NO_DEFAULT:
                    ctx.params[name] = value
                    continue
                value = param.get_default(ctx)
            else:
                ctx.set_parameter_source(name, ParameterSource.COMMANDLINE)
            ctx.params[name] = param.process_value(ctx, value)
        if rest and not ctx.allow_extra_args:
            return None  # Click's error for the extra arguments
        ctx.args = rest
        ctx._opt_prefixes.update(plan.parser._opt_prefixes)
        return rest

    def _plan(self, ctx: Any, settings: tuple[Any, ...]) -> _Plan:
        params = self.get_params(ctx)  # it builds the --help option
        plan = _Plan(self.make_parser(ctx), params, help=self._help_option)
        for param in params:
            if param is plan.help:
                continue
            plan.plain[param.name] = _plain(param)
            if not plan.plain[param.name] or callable(param.default):
                continue  # a callable default is called for each line, as Click calls it
            try:
                value = param.process_value(ctx, param.get_default(ctx))
            except ClickException:
                continue  # a required parameter: its error comes when a line leaves it out
            if _kept(value):
                plan.defaults[param.name] = value
        if self._plans is None:
            self._plans = {}
        self._plans[settings] = plan
        return plan


def spelt(ctx: Any, field: str) -> str:
    """The option an error's ``field`` is about, as the GM types it (``--type`` for
    ``save_type``; ``--db`` for the root's ``db``), found on the command or the groups above
    it; "" when the field is one of its arguments, or none of their parameters (``session`` in
    "no session is open"): the message names the value itself, and ``--session`` would send
    the GM looking for an option the command does not have."""
    typed = "--" + field.replace("_", "-")  # a field may be named as its option (``as_of``)
    while ctx is not None:
        for param in ctx.command.params:
            if param.param_type_name == "option" and (param.name == field or typed in param.opts):
                return next((o for o in param.opts if o.startswith("--")), param.opts[0])
        ctx = ctx.parent
    return ""


def line_context(root: Any, words: list[str], **settings: Any) -> tuple[Any, Any] | None:
    """The command a log line names and its context, parsed (see the module's text), or None
    when Click's own path must make it: an unknown word, a group's --help or missing
    subcommand, a group with a callback or parameters of its own. ``settings`` go to the
    contexts made (a log's lines have no --help: ``help_option_names=[]``)."""
    command = root.command.get_command(root, words[0])
    parent, name, args = root, words[0], words[1:]
    if isinstance(command, TyperGroup):
        if command.callback or command.params or command._result_callback:
            return None
        if not args or args[0].startswith("-"):
            return None
        group = command.context_class(
            command, info_name=name, parent=root, **{**command.context_settings, **settings}
        )
        leaf = command.get_command(group, args[0])
        if leaf is None:
            return None
        group.invoked_subcommand = args[0]
        parent, name, command, args = group, args[0], leaf, args[1:]
    if not isinstance(command, ParsedOnce):
        return None
    return command, command.make_context(name, args, parent=parent, **settings)


def parse_once(typer_app: Any) -> None:
    """Make every command registered on ``typer_app`` (and its sub-apps) a :class:`ParsedOnce`
    — before Typer builds them — unless it names a class of its own."""
    for info in typer_app.registered_commands:
        if isinstance(info, CommandInfo) and info.cls in (None, TyperCommand):
            info.cls = ParsedOnce
    for group in typer_app.registered_groups:
        if group.typer_instance is not None:
            parse_once(group.typer_instance)

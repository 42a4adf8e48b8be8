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
user sees is Click's. tests/test_fastparse.py checks, line by line over the example and the
generated campaigns, that both give the same values.
"""

from __future__ import annotations

from typing import Any

from typer._click.core import ParameterSource, iter_params_for_processing
from typer._click.exceptions import ClickException
from typer.core import TyperCommand
from typer.models import CommandInfo


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


class ParsedOnce(TyperCommand):
    """A Typer command that parses with its parser built once (see the module's text)."""

    _parsers: dict[tuple[Any, ...], Any] | None = None

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
        if self._parsers is None:
            self._parsers = {}
        parser = self._parsers.get(settings)
        if parser is None:
            parser = self._parsers[settings] = self.make_parser(ctx)
        parser.ctx = ctx  # what its errors name
        opts, rest, order = parser.parse_args(args=list(args))  # it consumes the list
        for param in iter_params_for_processing(order, self.get_params(ctx)):
            if param is self._help_option and param.name not in opts:
                # --help not given: Click's path would find its default (False), and its
                # callback would do nothing with it. (get_params has just built the option.)
                ctx.set_parameter_source(param.name, ParameterSource.DEFAULT)
                continue
            if not _plain(param):
                _, rest = param.handle_parse_result(ctx, opts, rest)
                continue
            value = opts.get(param.name)
            source = ParameterSource.COMMANDLINE
            if value is None:
                value, source = param.get_default(ctx), ParameterSource.DEFAULT
            ctx.set_parameter_source(param.name, source)
            ctx.params[param.name] = param.process_value(ctx, value)
        if rest and not ctx.allow_extra_args:
            return None  # Click's error for the extra arguments
        ctx.args = rest
        ctx._opt_prefixes.update(parser._opt_prefixes)
        return rest


def parse_once(typer_app: Any) -> None:
    """Make every command registered on ``typer_app`` (and its sub-apps) a :class:`ParsedOnce`
    — before Typer builds them — unless it names a class of its own."""
    for info in typer_app.registered_commands:
        if isinstance(info, CommandInfo) and info.cls in (None, TyperCommand):
            info.cls = ParsedOnce
    for group in typer_app.registered_groups:
        if group.typer_instance is not None:
            parse_once(group.typer_instance)

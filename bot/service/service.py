"""The game service: everything a player, a host or the game loop can do to a game.

It does not import discord. Adapters call its methods and turn
:class:`~bot.service.errors.ServiceError` into a private reply; the game loop uses
the phase methods. Every method that changes a game stores the change before it
returns and then wakes the game's loop through :meth:`subscribe` listeners.
"""
from __future__ import annotations

from bot.service.campaign import CampaignMixin
from bot.service.duel import DuelMixin
from bot.service.ending import EndingMixin
from bot.service.fleets import FleetsMixin
from bot.service.host import HostMixin
from bot.service.phase import PhaseMixin
from bot.service.resume import ResumeMixin


class GameService(CampaignMixin, FleetsMixin, DuelMixin, EndingMixin, HostMixin, PhaseMixin, ResumeMixin):
    """See the mixins: lobby (create, join, pick, start), fleets by points and custom scenarios, and duels (a ready
    game in one call), play (orders, views, log,
    export), host tools, the phase API the loop drives, a restart's states read at once, the last post of a game,
    and (under play) what to do when Discord or the database fails; what finished games come to (results, the ladder, statistics: the host and the
    phases settle a game as it ends)."""

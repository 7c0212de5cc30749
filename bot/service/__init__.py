"""The game service: rules-agnostic orchestration between adapters, the database and the engine."""
from bot.service.ai import AIPolicy, RandomLegalPlay, default_policies
from bot.service.clock import Clock, FakeClock, SystemClock, Waker
from bot.service.errors import ServiceError
from bot.service.models import (Limits, Pacing, PendingDecision, PhaseStatus, Place, Resolution,
                                SubmitResult)
from bot.service.phase import EngineFailure
from bot.service.picks import ScenarioShips, ShipOption, ShipPicks
from bot.service.service import GameService

__all__ = [
    "AIPolicy", "Clock", "EngineFailure", "FakeClock", "GameService", "Limits", "Pacing", "PendingDecision",
    "PhaseStatus", "Place", "RandomLegalPlay", "Resolution", "ScenarioShips", "ServiceError", "ShipOption",
    "ShipPicks", "SubmitResult", "SystemClock", "Waker", "default_policies",
]

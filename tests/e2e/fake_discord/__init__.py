"""Discord on loopback: the REST API, the gateway and a test API, for driving the
unmodified discord.py client end to end. See docs/testing.md."""
from .actions import ImpossibleAction
from .interactions import Callback, Interaction, InteractionType
from .limits import Reject
from .model import Attachment, Channel, ChannelType, Guild, Member, Message, MessageFlag, Perm, Role, User
from .server import Fault, LoopbackDiscord, Rejection, RequestRecord

__all__ = ["Attachment", "Callback", "Channel", "ChannelType", "Fault", "Guild", "ImpossibleAction", "Interaction",
           "InteractionType", "LoopbackDiscord", "Member", "Message", "MessageFlag", "Perm", "Reject", "Rejection",
           "RequestRecord", "Role", "User"]

//! Chimera protocol: commands, the session, replies.

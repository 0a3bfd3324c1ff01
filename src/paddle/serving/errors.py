"""The one error type of the server: an HTTP status, a message for the client and the headers
the status needs (Retry-After on 429/503). Every refusal is raised as one, so each endpoint
turns it into its protocol's body in one place."""
from __future__ import annotations


class ServingError(Exception):
    """A request the server refuses or could not serve, with the HTTP status to answer."""

    def __init__(self, status: int, message: str, retry_after: float | None = None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after

    def headers(self) -> dict:
        if self.retry_after is None:
            return {}
        return {"Retry-After": str(max(1, int(-(-self.retry_after // 1))))}


def bad_request(message: str) -> ServingError:
    return ServingError(400, message)


def not_found(message: str) -> ServingError:
    return ServingError(404, message)

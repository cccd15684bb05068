"""Discord's numbers the fake's modules share: the API's path prefix, and the interaction and
interaction-callback types of Discord's API."""

API = "/api/v10"

# Interaction callback types (Discord's InteractionResponseType).
PONG, MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 1, 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9
# Interaction types (Discord's InteractionType).
APPLICATION_COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5

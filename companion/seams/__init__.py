"""Every change this server makes to a library's internals, one module per library:
engineio, simple_websocket, socketio, werkzeug, glibc. Each names the library version
it was written for; tests/test_seams.py checks the shapes each relies on, and
docs/architecture.md says why each exists and what would let it go."""

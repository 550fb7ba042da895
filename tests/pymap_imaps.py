"""pymap serving IMAP over implicit TLS (the port 993 way), for the tests.

pymap's command offers TLS only as STARTTLS; this runs the same command with pymap's own IMAP
service listening on a socket that speaks TLS from the first byte, with the certificate of
``--cert`` and ``--key``. Give ``--no-tls`` too: the connection is secure already, so pymap need
not offer STARTTLS before it takes a login. Run as ``python tests/pymap_imaps.py ARGS``, the
arguments of ``pymap``.
"""

from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack

from proxyprotocol.reader import ProxyProtocolReader
from pymap.imap import IMAPServer, IMAPService
from pymap.main import main
from pymap.service import services


class ImplicitTLSService(IMAPService):
    """pymap's IMAP service, its listening socket wrapped in the TLS of the configuration."""

    async def start(self, stack: AsyncExitStack) -> None:
        config = self.config
        callback = ProxyProtocolReader(config.proxy_protocol).get_callback(
            IMAPServer(self.backend.login, config))
        server = await asyncio.start_server(callback, host=config.host, port=config.port,
                                            ssl=config.ssl_context)
        await stack.enter_async_context(server)
        task = asyncio.create_task(server.serve_forever())
        stack.callback(task.cancel)


if __name__ == "__main__":
    services.add("imap", ImplicitTLSService)
    main()

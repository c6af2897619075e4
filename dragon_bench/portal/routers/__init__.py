"""One router a resource; `dragon_bench.portal.app.ROUTERS` lists what the app mounts."""

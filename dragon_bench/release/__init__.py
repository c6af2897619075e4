"""Building and publishing revisions: the stage pipeline (`release.pipeline`, `release.build`),
the four datasets (`release.tables`), public id obfuscation (`release.ids`), publishing
(`release.publish`) and the scheduled update (`release.update`).

The package itself imports nothing, so `dragon build --help` does not load the pipeline.
"""

"""Running many games: in this process, on worker processes or a Dask cluster, with progress and result files."""

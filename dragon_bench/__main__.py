from dragon_bench.cli import main

main()

"""Issue #13 item 13: routers call shared modules and never import one another; one copy of the
question-type order; the RAG service's routes live on an APIRouter."""

from __future__ import annotations

import ast
from pathlib import Path

import dragon_bench.portal.routers as routers_package
from dragon_bench.portal import leaderboard
from dragon_bench.rag import service

ROUTERS = Path(routers_package.__file__).parent


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return names


def test_no_router_imports_another_router() -> None:
    files = sorted(p for p in ROUTERS.glob("*.py") if p.name != "__init__.py")
    assert len(files) >= 8
    for path in files:
        bad = {n for n in _imports(path) if n.startswith("dragon_bench.portal.routers")}
        assert not bad, f"{path.name} imports {sorted(bad)}"
        # Queries live in the modules the routers call (service, uploads, board, arena).
        sql = {n for n in _imports(path) if n.split(".")[0] == "sqlalchemy"}
        assert not sql, f"{path.name} imports {sorted(sql)}"


def test_routers_hold_no_sql_cache_or_upload_parsing() -> None:
    for path in ROUTERS.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for marker in ("board_cache", "board_lock", "await request.form(", "def _type_rank"):
            assert marker not in text, f"{path.name} holds {marker!r}"


def test_one_question_type_order() -> None:
    package = Path(leaderboard.__file__).parent
    copies = [
        p.relative_to(package)
        for p in package.rglob("*.py")
        if "QUESTION_TYPES" in p.read_text(encoding="utf-8")
    ]
    assert copies == [Path("leaderboard.py")]
    assert sorted(["set", "zzz", "simple"], key=leaderboard.type_order) == ["simple", "set", "zzz"]


def test_rag_service_routes_are_on_an_api_router() -> None:
    paths = {getattr(r, "path", None) for r in service.router.routes}
    assert {
        "/healthz",
        "/v1/pipelines",
        "/v1/search",
        "/v1/rerank",
        "/v1/generate",
        "/v1/rag",
    } <= paths
    # create_app only assembles: no route is defined inside it.
    tree = ast.parse(Path(service.__file__).read_text(encoding="utf-8"))
    create = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "create_app")
    inner = [n for n in ast.walk(create) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    routes = [n.name for n in inner if n.decorator_list and n.name != "lifespan"]
    assert routes == []
    assert len(create.body) < 40

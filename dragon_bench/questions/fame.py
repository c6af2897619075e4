"""Common knowledge: what a large Russian news corpus already ties to a person's name.

natasha's bundled news embeddings (navec, a core dependency) were trained on a large Russian
news corpus; a word's vector sits near the words it is written with. When a person's surname
lies near the answer's words, the corpus, and so any reader of the news, already knows the
fact: «навальный» / «политик» 0.49, «хаматова» / «актриса» 0.47, «собчак» / «телеведущая»
0.62, «месси» / «футболист» 0.52. A person the article introduces is not tied to it in the
corpus: «дадашев» / «боксер» 0.12, «визбор» / «певица» 0.10, «дедов» / «судья» 0.14, and a
common surname is tied to no profession («петров» / «президент» 0.19). Such facts are not
asked («Кто по профессии Алексей Навальный?»). `KNOWN_AT` was chosen on NEREL train
(docs/benchmarks.md, issue #16) and is recorded in the manifest's `question_filters`.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from dragon_bench.questions.morph import analyzer, lemmas
from dragon_bench.questions.vocab import SENTENCE_BREAK

__all__ = [
    "CREATORS",
    "headline_trade",
    "known_seat",
    "surname",
    "KNOWN_AT",
    "KNOWN_FOR",
    "IDENTITY_RELATIONS",
    "association",
    "common_knowledge",
    "famous",
    "historical",
    "textbook",
]

KNOWN_AT = 0.3
# a surname named this often in the corpus is a public figure's: a looser tie suffices
FREQUENT = 3000
FREQUENT_SHARE = 0.78  # of KNOWN_AT: 0.235
# identity facts of a subject famous in the revision's own documents (shapes/base.py)
IDENTITY_RELATIONS = frozenset({"WORKS_AS", "WORKPLACE", "ORIGINS_FROM", "MEMBER_OF"})
# what a well-known person is known for: the profession, the employer or club, the party,
# the origin, the works and the companies owned
KNOWN_FOR = IDENTITY_RELATIONS | {"PRODUCES", "OWNER_OF", "PLACE_RESIDES_IN"}
# the makers of works: a person the corpus ties to one of them is a known author, whose works
# are common knowledge («Солженицын» / «писатель» 0.43, «Шостакович» / «композитор» 0.42)
CREATORS = ("писатель", "поэт", "композитор", "режиссёр", "музыкант", "певец", "художник")
_PREFIX = re.compile(r"^(?:кино|теле|фото|радио|видео|медиа|шоу-|поп-|рок-|экс-|вице-|интернет-)")
_WORD = re.compile(r"[A-Za-zА-Яа-яЁё][A-Za-zА-Яа-яЁё\-]+")


@lru_cache(maxsize=1)
def _embedding() -> Any:
    from natasha import NewsEmbedding  # 0.4 s; loaded once, when a question needs it

    return NewsEmbedding()


def _vector(words: list[str]) -> Any | None:
    import numpy as np

    emb = _embedding()
    found = [emb[w] for w in words if w in emb]
    if not found:
        return None
    v = np.mean(found, axis=0)
    norm = float(np.linalg.norm(v))
    return v / norm if norm else None


def surname(name: str) -> str:
    """The last word of a person's name that is not a first name, patronymic, initial or
    regnal number; the last word when all are names («Башар Асад»)."""
    words = [
        w.lower() for w in _WORD.findall(name) if len(w) >= 3 and not re.fullmatch(r"[IVXLC]+", w)
    ]
    for low in reversed(words):
        parses = analyzer().parse(low)[:1]
        if analyzer().word_is_known(low) and any(
            ("Name" in p.tag or "Patr" in p.tag) and "Surn" not in p.tag for p in parses
        ):
            continue
        return low.replace("ё", "е")
    # «Альбер II»: a monarch's one name with his regnal number is no bare first name
    regnal = re.search(r"\b[IVXLC]+\b", name) is not None
    return words[-1].replace("ё", "е") if len(words) > 1 or (words and regnal) else ""


@lru_cache(maxsize=65536)
def association(person: str, answer: str) -> float:
    """Cosine of the person's surname and the answer's words (their lemmas, 4+ letters) in
    the news embeddings; 0.0 when either is not in the corpus' vocabulary."""
    # an abbreviation of three letters counts too («ООН» for «Пан Ги Мун»)
    short = {w.lower() for w in re.findall(r"\b[А-ЯЁA-Z]{3}\b", answer)}
    words = [w.replace("ё", "е") for w in lemmas(answer) if len(w) >= 4 or w in short]
    # the surname, and a stage name the corpus writes as one hyphenated word («jay-z»)
    names = [surname(person), "-".join(person.lower().split())]
    heads = [v for v in (_vector([n]) for n in names if n) if v is not None]
    if not heads or not words:
        return 0.0
    ties = []
    for group in (words, [_PREFIX.sub("", w) for w in words]):  # «киноактриса»: «актриса»
        b = _vector(group)
        if b is not None:
            ties += [float(a @ b) for a in heads]
    return max(ties, default=0.0)


def _count(word: str) -> int:
    vocab = _embedding().vocab
    index = vocab.word_ids.get(word)
    return int(vocab.counts[index]) if index is not None else 0


def common_knowledge(person: str, answer: str, threshold: float = KNOWN_AT) -> bool:
    """The news corpus already ties the answer to the person («Алексей Навальный» and
    «политик»), or, for a surname the corpus often names (`FREQUENT` times), ties it less
    closely («Антон Павлович Чехов» / «писатель» 0.24): the fact needs no retrieval."""
    tie = association(person, answer)
    if tie >= threshold:
        return True
    return tie >= threshold * FREQUENT_SHARE and _count(surname(person)) >= FREQUENT


def known_seat(organisation: str, seat: str, threshold: float = KNOWN_AT) -> bool:
    """The seat of an organisation known by one word (a brand, an abbreviation: «МАГАТЭ»,
    «Арсенал», «ФБР») that the news corpus ties to the place as `common_knowledge` ties a
    person to a fact («магатэ» / «вена» 0.32; read 12, «Где базируется МАГАТЭ?» -> Вена): an
    international agency's or a famous club's city needs no retrieval. A name of several
    words has no one word the corpus knows it by, so it is not judged."""
    words = organisation.strip().strip('«»"').split()
    if len(words) != 1:
        return False
    return common_knowledge(words[0], seat, threshold)


# the trades of the public figures whose deaths are world news (read 10: «Когда скончался
# Майкл Джексон?», «джексон» / «певец» 0.46)
_PUBLIC_TRADES = frozenset({"певец", "певица", "актёр", "актриса", "президент", "футболист"})
_PUBLIC_TRADES |= {"писатель", "политик", "музыкант", "режиссёр", "премьер", "композитор", "поэт"}


def famous(person: str, threshold: float = KNOWN_AT) -> bool:
    """A public figure: a surname the corpus names often (`FREQUENT` times) and ties to a
    public trade as closely as `common_knowledge` asks; his death is textbook («Майкл
    Джексон», not «Грета Циммер Фридман» / «писатель» 0.27 or «Сергей Доренко», 2871 times)."""
    if _count(surname(person)) < FREQUENT:
        return False
    return any(association(person, trade) >= threshold for trade in _PUBLIC_TRADES)


def headline_trade(person: str, trade: str, texts: list[str]) -> bool:
    """A public trade (a writer's, a singer's, a president's) a text's headline gives the
    person it names as its subject («Скончался писатель Юрий Бондарев»; the trade in the
    nominative, not «Сын актрисы Завьяловой ...»): the trade the person is news for,
    the whole public identity; asking it needs no retrieval (read 11, «Кем по профессии был
    Юрий Бондарев?» -> писатель, though the embeddings tie «бондарев» to «писатель» 0.12)."""
    last = surname(person)
    words = [w.replace("ё", "е") for w in lemmas(trade)[:1]]
    trades = {t.replace("ё", "е") for t in _PUBLIC_TRADES | set(CREATORS)}
    if not last or not words or words[0] not in trades:
        return False
    for text in texts:
        title = text.strip().split("\n", 1)[0]
        said = [w.replace("ё", "е") for w in lemmas(title)]
        if _nominative_word(title, words[0]) and any(
            w.startswith(last[: max(4, len(last) - 2)]) for w in said
        ):
            return True
    return False


def _nominative_word(title: str, lemma: str) -> bool:
    """The headline holds the trade in the nominative: the person is its subject («Скончался
    писатель ...», «Режиссёр ... госпитализирован»), not another's topic («Сын актрисы
    Завьяловой ...», «... от художника Кирилла Бородина»)."""
    for word in _WORD.findall(title):
        for p in analyzer().parse(word.lower())[:1]:
            if p.normal_form.replace("ё", "е") == lemma and p.tag.case == "nomn":
                return True
    return False


# --- textbook facts: what an answer's kind makes common knowledge, whoever the subject is ---

# a place's country («В какой стране находится Славянск?» → Украина): an atlas fact
_WHOLE_COUNTRY = frozenset({"LOCATED_IN", "HEADQUARTERED_IN"})
# a person's nation or country of origin: read off the name («Генрих Мхитарян» → армянин,
# «Кшиштоф Пендерецкий» → Польша, «Чжан Инъин» → китаянка)
NATION_TYPES = frozenset({"NATIONALITY", "COUNTRY"})
# dates of events and works a text recalls from long before its own time
HISTORY_RELATIONS = frozenset(
    {"POINT_IN_TIME", "START_TIME", "END_TIME", "DATE_OF_CREATION", "DATE_FOUNDED_IN"}
)
HISTORY_YEARS = 30  # years before the newest year the text names
_YEAR = re.compile(r"(?<!\d)(1[0-9]{3}|20[0-9]{2})(?!\d)")
# the one illness every 2020 text is about: a diagnosis named so is the prior's guess
_PANDEMIC = re.compile(r"коронавирус|covid|ковид|sars-cov|^вирус$|пневмони[яи] covid", re.I)


def textbook(relation: str, subject_type: str, obj: str, object_type: str, texts: list[str]) -> str:
    """Why a simple question's answer needs no retrieval whoever its subject is, or "": a
    place's country (`country`), a person's nation or country of origin (`nation`), a date
    long before the text's time (`history`: «Когда прошёл Великий поход?» → 1934—1935 годы,
    in a text of 2016), a 2020 diagnosis of coronavirus (`pandemic`)."""
    if relation in _WHOLE_COUNTRY and object_type == "COUNTRY" and subject_type != "ORGANIZATION":
        return "country"
    if relation == "ORIGINS_FROM" and subject_type == "PERSON" and object_type in NATION_TYPES:
        return "nation"
    if relation in HISTORY_RELATIONS:
        asked = [int(y) for y in _YEAR.findall(obj)]
        told = [int(y) for text in texts for y in _YEAR.findall(text) if int(y) <= 2030]
        if asked and told and max(told) - min(asked) >= HISTORY_YEARS:
            return "history"
    if relation == "MEDICAL_CONDITION" and _PANDEMIC.search(obj.strip()):
        return "pandemic"
    return ""


# a person born this long before the text's newest year is written of as history
HISTORICAL_BIRTH = 120  # not the world's oldest living woman (born 1898, told in 2013)
_SENTENCE = SENTENCE_BREAK
_BORN = re.compile(r"\bрод(?:ил|ив|ом\b)|\bрожд", re.IGNORECASE)
# a year told as a time («в 1927 году», «с 1967 по 1976»), not a number («1200 памятников»)
_TOLD_YEAR = re.compile(
    r"(?:\b(?:в|с|по|до|к|от)\s+)(1[0-9]{3}|20[0-9]{2})(?!\d)"
    r"|(?<!\d)(1[0-9]{3}|20[0-9]{2})(?!\d)(?=\s*(?:-?[хе]\b|год|г\.|гг))",
    re.IGNORECASE,
)
RECALLED_YEARS = 50  # a person told of no time nearer the text's than this is recalled


def historical(person: str, births: list[str], texts: list[str]) -> bool:
    """A historical figure the news recall: born `HISTORICAL_BIRTH` years or more before the
    newest year its text names («Русский композитор и пианист Александр Скрябин родился 6
    января 1872 года» in a text of 2017), or named only in sentences whose years all lie
    `RECALLED_YEARS` or more before it («в 1927 году первым Человеком года был назван пилот
    Чарльз Линдберг» in a text of 2010). What he was and did is textbook: «Кем работает
    Чарльз Линдберг?» -> пилот needs no retrieval."""
    last = surname(person)
    born = min((int(y) for b in births for y in _YEAR.findall(b)), default=None)
    for text in texts:
        told = [int(y) for y in _YEAR.findall(text) if int(y) <= 2030]
        if not told:
            continue
        now = max(told)
        if born is not None and born <= now - HISTORICAL_BIRTH:
            return True
        if not last:
            continue
        stem = last[: max(4, len(last) - 2)]
        opening = " ".join(_SENTENCE.split(text.strip(), 2)[:2]).lower().replace("ё", "е")
        if stem in opening:
            continue  # the text's own subject, not one it recalls
        years: list[int] = []
        for sentence in _SENTENCE.split(text):
            if stem not in sentence.lower().replace("ё", "е") or _BORN.search(sentence):
                continue  # a birth year is no time he is told of
            said = [int(a or b) for a, b in _TOLD_YEAR.findall(sentence) if int(a or b) <= 2030]
            if not said:
                break  # a sentence of no time names him: not told as history only
            years += said
        else:
            if years and max(years) <= now - RECALLED_YEARS:
                return True
    return False
